#include "panels/query/query_examples.h"

#include <QCoreApplication>

namespace tracelane {

QList<QueryExample> queryExamples()
{
    return {
        {QCoreApplication::translate("QueryExamples", "Events per kind"),
         QStringLiteral("SELECT kind, count(*) AS events, sum(dur) AS total_ns\nFROM event\nGROUP BY kind\n"
                        "ORDER BY events DESC;")},
        {QCoreApplication::translate("QueryExamples", "Kernel time per name (as nsys cuda_gpu_kern_sum)"),
         QStringLiteral("SELECT name, count(*) AS instances, sum(dur) AS total_ns, round(avg(dur), 1) AS avg_ns,\n"
                        "       median(dur) AS med_ns, min(dur) AS min_ns, max(dur) AS max_ns,\n"
                        "       round(stddev(dur), 1) AS stddev_ns\nFROM event\nWHERE kind = 'kernel'\n"
                        "GROUP BY name\nORDER BY total_ns DESC;")},
        {QCoreApplication::translate("QueryExamples", "Longest kernels with their launching call"),
         QStringLiteral("SELECT id, name, dur, device, stream, api_name, api_dur, tid\nFROM kernel\n"
                        "ORDER BY dur DESC\nLIMIT 100;")},
        {QCoreApplication::translate("QueryExamples", "Kernels launched inside \"FWD pass\" ranges"),
         QStringLiteral("SELECT op_id, range_id, name, ts, dur, stream\nFROM range_gpu_op\n"
                        "WHERE range_name = 'FWD pass' AND kind = 'kernel'\nORDER BY ts;")},
        {QCoreApplication::translate("QueryExamples", "Enclosing ranges of the longest kernel launched inside a range"),
         QStringLiteral("SELECT event_id, range_id, name, depth, ts, dur\nFROM enclosing_range\n"
                        "WHERE event_id = (SELECT op_id FROM range_gpu_op WHERE kind = 'kernel'\n"
                        "                  ORDER BY dur DESC, op_id LIMIT 1)\n"
                        "ORDER BY depth;")},
        {QCoreApplication::translate("QueryExamples", "Convolution kernel time per iteration (ProfilerStep#N)"),
         QStringLiteral("SELECT step.id, step.name AS iteration, count(*) AS conv_kernels, sum(k.dur) AS conv_ns\n"
                        "FROM event AS step\n"
                        "JOIN event AS api ON api.process = step.process AND api.kind = 'api_call'\n"
                        "                 AND api.ts >= step.ts AND api.end <= step.end\n"
                        "JOIN event AS k ON k.launch_id = api.id AND k.kind = 'kernel'\n"
                        "WHERE step.kind = 'range' AND step.name GLOB 'ProfilerStep#*'\n"
                        "  AND (k.name LIKE '%conv%' OR k.name LIKE '%fprop%' OR k.name LIKE '%dgrad%'\n"
                        "       OR k.name LIKE '%wgrad%')\n"
                        "GROUP BY step.id\nORDER BY step.ts;")},
        {QCoreApplication::translate("QueryExamples", "Time in CUDA API calls per function"),
         QStringLiteral("SELECT name, count(*) AS calls, sum(dur) AS total_ns, median(dur) AS med_ns\nFROM event\n"
                        "WHERE kind = 'api_call'\nGROUP BY name\nORDER BY total_ns DESC;")},
        {QCoreApplication::translate("QueryExamples", "Tracks"), QStringLiteral("SELECT * FROM track;")},
    };
}

} // namespace tracelane
