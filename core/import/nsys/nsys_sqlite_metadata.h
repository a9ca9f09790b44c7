#pragma once
// Facts about the recording an Nsight Systems SQLite export keeps beside the
// events (nsys version, GPU, driver, OS, command line), for SourceInfo::metadata.

#include "sqlite_db.h"

#include "model/trace.h"

namespace tracelane::nsys {

void readSqliteMetadata(SqliteDb &db, SourceInfo &source);

} // namespace tracelane::nsys
