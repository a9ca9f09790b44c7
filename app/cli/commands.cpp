#include "commands.h"

namespace tracelane::cli {

extern const Command kInfoCommand;
extern const Command kKernelsCommand;
extern const Command kApiCommand;
extern const Command kRangesCommand;
extern const Command kRangeKernelsCommand;
extern const Command kGpuMemCommand;
extern const Command kOpsCommand;
extern const Command kRenderCommand;
extern const Command kRangeCommand;
extern const Command kIterationsCommand;
extern const Command kBreakdownCommand;
extern const Command kChartCommand;
extern const Command kGpuTimeCommand;
extern const Command kKernelTypesCommand;
extern const Command kIdleCommand;
extern const Command kOverlapCommand;
extern const Command kLaunchesCommand;
extern const Command kQueueCommand;
extern const Command kOverheadsCommand;
extern const Command kConvertCommand;
extern const Command kEventsCommand;
extern const Command kTracksCommand;
extern const Command kFlowsCommand;
extern const Command kCountersCommand;
extern const Command kSqlCommand;
extern const Command kWindowCommand;
extern const Command kRanksCommand;
extern const Command kCollectivesCommand;
extern const Command kDiffCommand;
extern const Command kCriticalPathCommand;
extern const Command kFindingsCommand;
extern const Command kMemoryCommand;
extern const Command kSnapshotCommand;
extern const Command kTreeCommand;
extern const Command kPivotCommand;

const std::vector<Command> &commands()
{
    static const std::vector<Command> all = {
        kInfoCommand,
        kKernelsCommand,
        kApiCommand,
        kRangesCommand,
        kRangeKernelsCommand,
        kGpuMemCommand,
        kOpsCommand,
        kRenderCommand,
        kRangeCommand,
        kIterationsCommand,
        kBreakdownCommand,
        kChartCommand,
        kGpuTimeCommand,
        kKernelTypesCommand,
        kIdleCommand,
        kOverlapCommand,
        kLaunchesCommand,
        kQueueCommand,
        kOverheadsCommand,
        kConvertCommand,
        kEventsCommand,
        kTracksCommand,
        kFlowsCommand,
        kCountersCommand,
        kSqlCommand,
        kWindowCommand,
        kRanksCommand,
        kCollectivesCommand,
        kDiffCommand,
        kCriticalPathCommand,
        kFindingsCommand,
        kMemoryCommand,
        kSnapshotCommand,
        kTreeCommand,
        kPivotCommand,
    };
    return all;
}

} // namespace tracelane::cli
