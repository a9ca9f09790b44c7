-- A hand-written Nsight Systems SQLite export with CUDA memory usage records
-- (nsys profile --cuda-memory-usage=true), for the cases a recording rarely
-- shows together. Tables and columns as Nsight Systems 2025.3 writes them
-- (ENUM tables copied from the shared nvtx_cnn.sqlite export); rows made up.
-- Process 100, thread 101: globalTid = 100 << 24 | 101, globalPid = 100 << 24.
CREATE TABLE StringIds (id INTEGER PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO StringIds VALUES (1, 'cudaMalloc_v3020'), (2, 'cudaFree_v3020'), (3, 'cudaHostAlloc_v3020'),
  (4, 'forward'), (5, 'backward'), (6, 'python');
CREATE TABLE ThreadNames (nameId INTEGER NOT NULL, priority INTEGER, globalTid INTEGER);
INSERT INTO ThreadNames VALUES (6, 10, 1677721701);
CREATE TABLE ENUM_CUDA_MEM_KIND (id INTEGER PRIMARY KEY, name TEXT, label TEXT);
INSERT INTO ENUM_CUDA_MEM_KIND VALUES (0, 'CUDA_MEMOPR_MEMORY_KIND_PAGEABLE', 'Pageable'),
  (1, 'CUDA_MEMOPR_MEMORY_KIND_PINNED', 'Pinned'), (2, 'CUDA_MEMOPR_MEMORY_KIND_DEVICE', 'Device'),
  (3, 'CUDA_MEMOPR_MEMORY_KIND_ARRAY', 'Array'), (4, 'CUDA_MEMOPR_MEMORY_KIND_MANAGED', 'Managed'),
  (5, 'CUDA_MEMOPR_MEMORY_KIND_DEVICE_STATIC', 'Device Static'),
  (6, 'CUDA_MEMOPR_MEMORY_KIND_MANAGED_STATIC', 'Managed Static'), (7, 'CUDA_MEMOPR_MEMORY_KIND_UNKNOWN', 'Unknown');
CREATE TABLE ENUM_CUDA_DEV_MEM_EVENT_OPER (id INTEGER PRIMARY KEY, name TEXT, label TEXT);
INSERT INTO ENUM_CUDA_DEV_MEM_EVENT_OPER VALUES (0, 'CUDA_DEV_MEM_EVENT_OPR_ALLOCATION', 'Allocation'),
  (1, 'CUDA_DEV_MEM_EVENT_OPR_DEALLOCATION', 'Deallocation');
CREATE TABLE NVTX_EVENTS (start INTEGER NOT NULL, end INTEGER, eventType INTEGER NOT NULL, rangeId INTEGER,
  category INTEGER, color INTEGER, text TEXT, globalTid INTEGER, endGlobalTid INTEGER, textId INTEGER,
  domainId INTEGER, uint64Value INTEGER, int64Value INTEGER, doubleValue REAL, uint32Value INTEGER,
  int32Value INTEGER, floatValue REAL, jsonTextId INTEGER, jsonText TEXT);
INSERT INTO NVTX_EVENTS (start, end, eventType, text, globalTid, domainId) VALUES
  (1000, 5000, 59, 'forward', 1677721701, 0), (6000, 9000, 59, 'backward', 1677721701, 0);
CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME (start INTEGER NOT NULL, end INTEGER NOT NULL, eventClass INTEGER NOT NULL,
  globalTid INTEGER, correlationId INTEGER, nameId INTEGER NOT NULL, returnValue INTEGER NOT NULL, callchainId INTEGER);
INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES
  (1100, 1200, 0, 1677721701, 1, 1, 0, NULL), (1300, 1400, 0, 1677721701, 2, 1, 0, NULL),
  (2000, 2100, 0, 1677721701, 5, 1, 0, NULL), (6100, 6200, 0, 1677721701, 3, 2, 0, NULL),
  (6300, 6400, 0, 1677721701, 4, 1, 0, NULL), (7990, 8010, 0, 1677721701, 6, 3, 0, NULL);
CREATE TABLE CUDA_GPU_MEMORY_USAGE_EVENTS (start INTEGER NOT NULL, globalPid INTEGER NOT NULL, deviceId INTEGER NOT NULL,
  contextId INTEGER NOT NULL, address INTEGER NOT NULL, pc INTEGER NOT NULL, bytes INTEGER NOT NULL,
  memKind INTEGER NOT NULL, memoryOperationType INTEGER NOT NULL, name TEXT, correlationId INTEGER,
  streamId INTEGER, localMemoryPoolAddress INTEGER, localMemoryPoolReleaseThreshold INTEGER,
  localMemoryPoolSize INTEGER, localMemoryPoolUtilizedSize INTEGER, importedMemoryPoolAddress INTEGER,
  importedMemoryPoolProcessId INTEGER);
INSERT INTO CUDA_GPU_MEMORY_USAGE_EVENTS (start, globalPid, deviceId, contextId, address, pc, bytes, memKind,
  memoryOperationType, correlationId, streamId) VALUES
  -- in "forward": two allocations on GPU 0, one on GPU 1
  (1150, 1677721600, 0, 1, 4096, 0, 1048576, 2, 0, 1, 7),
  (1350, 1677721600, 0, 1, 8192, 0, 2097152, 2, 0, 2, 7),
  (2050, 1677721600, 1, 2, 4096, 0, 4096, 2, 0, 5, 7),
  -- in "backward": the first freed (no size given), its address reused
  (6150, 1677721600, 0, 1, 4096, 0, 0, 2, 1, 3, 7),
  (6350, 1677721600, 0, 1, 4096, 0, 512, 2, 0, 4, 7),
  -- a free of an address never allocated, whose CUDA call is not in the export
  (7000, 1677721600, 0, 1, 36864, 0, 256, 2, 1, 99, 7),
  -- an operation type that does not exist: skipped and counted
  (7100, 1677721600, 0, 1, 40960, 0, 64, 2, 7, 4, 7),
  -- pinned host memory (cudaHostAlloc): the CPU's
  (8000, 1677721600, 0, 1, 20480, 0, 8192, 1, 0, 6, 7);
