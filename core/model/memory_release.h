#pragma once
// Hands freed heap pages back to the system. Traces loaded on worker threads
// live in those threads' malloc arenas; once freed (a load's buffers, a trace
// moved into a merged one) glibc keeps the pages for those threads, and the
// process's resident size, and its peak, count them until they are trimmed.

namespace tracelane {

void releaseFreedMemory(); // glibc's malloc_trim; nothing elsewhere

} // namespace tracelane
