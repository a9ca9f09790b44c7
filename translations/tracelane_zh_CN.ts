<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ByteFormat</name>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation>%1 KiB</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1 TiB</source>
        <translation>%1 TiB</translation>
    </message>
    <message>
        <source>%1 (%2 B)</source>
        <translation>%1（%2 B）</translation>
    </message>
</context>
<context>
    <name>ColumnTitles</name>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Total Time</source>
        <translation>总时间</translation>
    </message>
    <message>
        <source>Instances</source>
        <translation>实例数</translation>
    </message>
    <message>
        <source>Avg</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Med</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>StdDev</source>
        <translation>标准差</translation>
    </message>
    <message>
        <source>Style</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>Num Calls</source>
        <translation>调用次数</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>调用次数</translation>
    </message>
    <message>
        <source>T2 Mean</source>
        <translation>T2 平均</translation>
    </message>
    <message>
        <source>T3 Mean</source>
        <translation>T3 平均</translation>
    </message>
    <message>
        <source>T5 Mean</source>
        <translation>T5 平均</translation>
    </message>
    <message>
        <source>T5 Total</source>
        <translation>T5 总计</translation>
    </message>
    <message>
        <source>Launches</source>
        <translation>启动次数</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Std</source>
        <translation>标准差</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Stream</source>
        <translation>流</translation>
    </message>
    <message>
        <source>Host Wait</source>
        <translation>等待主机</translation>
    </message>
    <message>
        <source>Kernel Wait</source>
        <translation>等待内核</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>Iteration</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Span</source>
        <translation>跨度</translation>
    </message>
    <message>
        <source>Busy</source>
        <translation>忙碌</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Overlapped</source>
        <translation>重叠</translation>
    </message>
    <message>
        <source>Overlap</source>
        <translation>重叠率</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>种类</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>Statistic</source>
        <translation>统计量</translation>
    </message>
    <message>
        <source>Median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Overhead</source>
        <translation>开销</translation>
    </message>
    <message>
        <source>CPU Time</source>
        <translation>CPU 时间</translation>
    </message>
    <message>
        <source>GPU Projected Time</source>
        <translation>GPU 投影时间</translation>
    </message>
    <message>
        <source>Op Instances</source>
        <translation>操作实例数</translation>
    </message>
    <message>
        <source>Op Device Time</source>
        <translation>操作设备时间</translation>
    </message>
    <message>
        <source>Control Count</source>
        <translation>对照次数</translation>
    </message>
    <message>
        <source>Test Count</source>
        <translation>测试次数</translation>
    </message>
    <message>
        <source>Count Diff</source>
        <translation>次数差</translation>
    </message>
    <message>
        <source>Control Time</source>
        <translation>对照时间</translation>
    </message>
    <message>
        <source>Test Time</source>
        <translation>测试时间</translation>
    </message>
    <message>
        <source>Time Diff</source>
        <translation>时间差</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank 编号</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>迭代数</translation>
    </message>
    <message>
        <source>Iteration Median</source>
        <translation>迭代中位数</translation>
    </message>
    <message>
        <source>Iteration Max</source>
        <translation>迭代最大值</translation>
    </message>
    <message>
        <source>GPU Busy</source>
        <translation>GPU 忙碌</translation>
    </message>
    <message>
        <source>GPU Idle</source>
        <translation>GPU 空闲</translation>
    </message>
    <message>
        <source>Overlap with Compute</source>
        <translation>与计算重叠</translation>
    </message>
    <message>
        <source>Straggler</source>
        <translation>掉队者</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank 数</translation>
    </message>
    <message>
        <source>Last Rank</source>
        <translation>最后的 Rank</translation>
    </message>
    <message>
        <source>Last File</source>
        <translation>最后的文件</translation>
    </message>
    <message>
        <source>Last Start</source>
        <translation>最后开始</translation>
    </message>
    <message>
        <source>Lag</source>
        <translation>滞后</translation>
    </message>
    <message>
        <source>Peak Allocated</source>
        <translation>已分配峰值</translation>
    </message>
    <message>
        <source>Peak At</source>
        <translation>峰值时间</translation>
    </message>
    <message>
        <source>Peak Reserved</source>
        <translation>已保留峰值</translation>
    </message>
    <message>
        <source>Allocations</source>
        <translation>分配次数</translation>
    </message>
    <message>
        <source>Frees</source>
        <translation>释放次数</translation>
    </message>
    <message>
        <source>Never Freed</source>
        <translation>从未释放</translation>
    </message>
    <message>
        <source>Allocated</source>
        <translation>已分配</translation>
    </message>
    <message>
        <source>Freed</source>
        <translation>已释放</translation>
    </message>
    <message>
        <source>Self Increase</source>
        <translation>自身增量</translation>
    </message>
    <message>
        <source>Total Increase</source>
        <translation>总增量</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Allocated At</source>
        <translation>分配时间</translation>
    </message>
    <message>
        <source>Freed At</source>
        <translation>释放时间</translation>
    </message>
    <message>
        <source>Python Stack</source>
        <translation>Python 调用栈</translation>
    </message>
    <message>
        <source>Tensor Cores</source>
        <translation>Tensor Core</translation>
    </message>
    <message>
        <source>Est. SM Efficiency</source>
        <translation>估计 SM 效率</translation>
    </message>
    <message>
        <source>Est. Occupancy</source>
        <translation>估计占用率</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>No</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Collective</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Process Group</source>
        <translation>进程组</translation>
    </message>
    <message>
        <source>Transfer</source>
        <translation>传输</translation>
    </message>
    <message>
        <source>Wait</source>
        <translation>等待</translation>
    </message>
    <message>
        <source>Skew</source>
        <translation>偏差</translation>
    </message>
    <message>
        <source>Algorithm BW</source>
        <translation>算法带宽</translation>
    </message>
    <message>
        <source>Bus BW</source>
        <translation>总线带宽</translation>
    </message>
    <message>
        <source>Index</source>
        <translation>序号</translation>
    </message>
    <message>
        <source>Found On</source>
        <translation>出现于</translation>
    </message>
    <message>
        <source>Last Arrivals</source>
        <translation>最后到达次数</translation>
    </message>
    <message>
        <source>Wait Caused</source>
        <translation>造成的等待</translation>
    </message>
    <message>
        <source>Deviation</source>
        <translation>偏离</translation>
    </message>
    <message>
        <source>Outlier</source>
        <translation>离群值</translation>
    </message>
</context>
<context>
    <name>CounterLaneText</name>
    <message>
        <source>%1: %2
at %3</source>
        <translation>%1：%2
时间 %3</translation>
    </message>
    <message>
        <source>no sample yet</source>
        <translation>尚无采样</translation>
    </message>
    <message>
        <source>
highest within this pixel: %1 (%2 samples)</source>
        <translation>
此像素内最高：%1（%2 个采样）</translation>
    </message>
    <message>
        <source>%1 → %2 (%3%4)</source>
        <translation>%1 → %2（%3%4）</translation>
    </message>
</context>
<context>
    <name>DiagnosticText</name>
    <message>
        <source>the file stops early, at byte %1; the complete events before it were read</source>
        <translation>文件在第 %1 字节处提前结束；已读取此前的完整事件</translation>
    </message>
    <message>
        <source>the file stops early; the complete events before it were read</source>
        <translation>文件提前结束；已读取截断处之前的完整事件</translation>
    </message>
    <message>
        <source>%1 records were skipped: they are not CUDA API calls, GPU work or NVTX</source>
        <translation>已跳过 %1 记录：它们不是 CUDA API 调用、GPU 工作或 NVTX</translation>
    </message>
</context>
<context>
    <name>EfficiencyLaneText</name>
    <message>
        <source>host wait</source>
        <translation>主机等待</translation>
    </message>
    <message>
        <source>kernel wait</source>
        <translation>内核等待</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>max %1</source>
        <translation>最大 %1</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message numerus="yes">
        <source>%n idle gaps too small to show</source>
        <translation>
            <numerusform>%n 个空闲间隙太小无法显示</numerusform>
        </translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>Click to zoom in</source>
        <translation>单击以放大</translation>
    </message>
    <message>
        <source>Idle %1: %2</source>
        <translation>空闲 %1：%2</translation>
    </message>
    <message>
        <source>Next: %1, launched by %2 at %3</source>
        <translation>下一个：%1，由 %2 于 %3 启动</translation>
    </message>
    <message>
        <source>Next: %1 (no launch call in the trace)</source>
        <translation>下一个：%1（跟踪中没有启动调用）</translation>
    </message>
    <message>
        <source>Queue depth: %1 at %2</source>
        <translation>队列深度：%1，位于 %2</translation>
    </message>
    <message>
        <source>up to %1 within this pixel</source>
        <translation>此像素内最多 %1</translation>
    </message>
    <message>
        <source>Launched operations not yet started; max %1</source>
        <translation>已启动但尚未开始的操作；最大 %1</translation>
    </message>
    <message>
        <source>Idle gaps are shaded by cause:
red – host wait: the launch call came after the stream ran dry
yellow – kernel wait: launched in time, idle under 30 µs
grey – other: launched in time, idle 30 µs or longer</source>
        <translation>空闲间隙按原因着色：
红色 – 主机等待：流已空闲之后启动调用才到来
黄色 – 内核等待：按时启动，空闲不足 30 µs
灰色 – 其他：按时启动，空闲 30 µs 或更长</translation>
    </message>
</context>
<context>
    <name>EventKindLabel</name>
    <message>
        <source>slice</source>
        <translation>切片</translation>
    </message>
    <message>
        <source>CPU op</source>
        <translation>CPU 操作</translation>
    </message>
    <message>
        <source>Python function</source>
        <translation>Python 函数</translation>
    </message>
    <message>
        <source>range</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>GPU range</source>
        <translation>GPU 范围</translation>
    </message>
    <message>
        <source>API call</source>
        <translation>API 调用</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>memory copy</source>
        <translation>内存复制</translation>
    </message>
    <message>
        <source>memory set</source>
        <translation>内存设置</translation>
    </message>
    <message>
        <source>synchronisation</source>
        <translation>同步</translation>
    </message>
    <message>
        <source>instant</source>
        <translation>瞬时事件</translation>
    </message>
    <message>
        <source>counter</source>
        <translation>计数器</translation>
    </message>
    <message>
        <source>async slice</source>
        <translation>异步切片</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
</context>
<context>
    <name>EventSearch</name>
    <message>
        <source>Invalid expression: %1</source>
        <translation>无效的表达式：%1</translation>
    </message>
</context>
<context>
    <name>FindingText</name>
    <message>
        <source>high</source>
        <translation>高</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>中</translation>
    </message>
    <message>
        <source>low</source>
        <translation>低</translation>
    </message>
</context>
<context>
    <name>GpuLabels</name>
    <message>
        <source>GPU ?</source>
        <translation>GPU ?</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>%1 · all streams</source>
        <translation>%1 · 所有流</translation>
    </message>
    <message>
        <source>%1 · Stream %2</source>
        <translation>%1 · 流 %2</translation>
    </message>
    <message>
        <source>Host wait</source>
        <translation>主机等待</translation>
    </message>
    <message>
        <source>Kernel wait</source>
        <translation>内核等待</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
</context>
<context>
    <name>LaneHandleText</name>
    <message>
        <source>▸ 1 more row</source>
        <translation>▸ 另外 1 行</translation>
    </message>
    <message>
        <source>▸ %1 more rows</source>
        <translation>▸ 另外 %1 行</translation>
    </message>
    <message>
        <source>▾ fewer rows</source>
        <translation>▾ 收起行</translation>
    </message>
</context>
<context>
    <name>QueryExamples</name>
    <message>
        <source>Events per kind</source>
        <translation>按类型统计事件</translation>
    </message>
    <message>
        <source>Kernel time per name (as nsys cuda_gpu_kern_sum)</source>
        <translation>按名称统计内核时间（同 nsys cuda_gpu_kern_sum）</translation>
    </message>
    <message>
        <source>Longest kernels with their launching call</source>
        <translation>最长的内核及其启动调用</translation>
    </message>
    <message>
        <source>Kernels launched inside &quot;FWD pass&quot; ranges</source>
        <translation>在“FWD pass”范围内启动的内核</translation>
    </message>
    <message>
        <source>Enclosing ranges of the longest kernel launched inside a range</source>
        <translation>在范围内启动的最长内核的外层范围</translation>
    </message>
    <message>
        <source>Convolution kernel time per iteration (ProfilerStep#N)</source>
        <translation>每次迭代的卷积内核时间（ProfilerStep#N）</translation>
    </message>
    <message>
        <source>Time in CUDA API calls per function</source>
        <translation>按函数统计 CUDA API 调用时间</translation>
    </message>
    <message>
        <source>Tracks</source>
        <translation>轨道</translation>
    </message>
</context>
<context>
    <name>TableCopy</name>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
</context>
<context>
    <name>TimeFormat</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>%1 ns</source>
        <translation>%1 ns</translation>
    </message>
    <message>
        <source>View: %1</source>
        <translation>可见范围：%1</translation>
    </message>
</context>
<context>
    <name>TimelineExport</name>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Exported from Tracelane</source>
        <translation>从 Tracelane 导出</translation>
    </message>
    <message>
        <source>Cannot export to &apos;%1&apos;: use a .png, .svg or .pdf file name.</source>
        <translation>无法导出到“%1”：请使用 .png、.svg 或 .pdf 文件名。</translation>
    </message>
    <message>
        <source>Could not write &apos;%1&apos;.</source>
        <translation>无法写入“%1”。</translation>
    </message>
</context>
<context>
    <name>TrackGrouping</name>
    <message>
        <source>Process %1</source>
        <translation>进程 %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Thread</source>
        <translation>线程</translation>
    </message>
    <message>
        <source>Thread %1</source>
        <translation>线程 %1</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPU %1 · %2</source>
        <translation>GPU %1 · %2</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>CPU ops</source>
        <translation>CPU 算子</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>Queue depth</source>
        <translation>队列深度</translation>
    </message>
    <message>
        <source>Ranges</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>Stream %1 annotations</source>
        <translation>流 %1 注释</translation>
    </message>
    <message>
        <source>Global instants</source>
        <translation>全局瞬时事件</translation>
    </message>
    <message>
        <source>Instants</source>
        <translation>瞬时事件</translation>
    </message>
    <message>
        <source>Rank %1 · %2</source>
        <translation>Rank %1 · %2</translation>
    </message>
    <message>
        <source>Allocator events</source>
        <translation>分配器事件</translation>
    </message>
    <message>
        <source>Allocated</source>
        <translation>已分配</translation>
    </message>
    <message>
        <source>Reserved</source>
        <translation>已保留</translation>
    </message>
    <message>
        <source>CPU allocated</source>
        <translation>CPU 已分配</translation>
    </message>
    <message>
        <source>CPU reserved</source>
        <translation>CPU 已保留</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Viewer for GPU profiling traces</source>
        <translation>GPU 性能分析跟踪查看器</translation>
    </message>
    <message>
        <source>Trace files to open</source>
        <translation>要打开的跟踪文件</translation>
    </message>
    <message>
        <source>Save a picture of the window to &lt;file&gt; once the trace is shown, then quit</source>
        <translation>跟踪显示后将窗口截图保存到 &lt;file&gt;，然后退出</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Select the first event whose name matches &lt;pattern&gt; once the trace is shown</source>
        <translation>显示跟踪后，选中名称与 &lt;pattern&gt; 匹配的第一个事件</translation>
    </message>
    <message>
        <source>pattern</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Click the Breakdown bar of the operator &lt;op&gt; once it is shown</source>
        <translation>显示后点击算子 &lt;op&gt; 的分解条</translation>
    </message>
    <message>
        <source>Add a marker once the trace is shown: &apos;selected&apos; for the selected event, or nanoseconds from the trace start; &apos;=name&apos; names it (repeatable)</source>
        <translation>显示 trace 后添加标记：“selected”表示所选事件，或从 trace 开始计的纳秒数；“=名称”为其命名（可重复）</translation>
    </message>
    <message>
        <source>spec</source>
        <translation>规格</translation>
    </message>
    <message>
        <source>Select the time window &lt;from,to&gt; (ns from the trace start), on the given track ids if more follow, once the trace is shown</source>
        <translation>跟踪显示后选择时间窗口 &lt;from,to&gt;（自跟踪开始的纳秒数），若后面还有轨道 ID 则仅选这些轨道</translation>
    </message>
    <message>
        <source>from,to[,track...]</source>
        <translation>from,to[,轨道...]</translation>
    </message>
    <message>
        <source>List every event whose name matches &lt;pattern&gt; in the Instances panel once the trace is shown</source>
        <translation>显示跟踪后，在“实例”面板中列出名称匹配 &lt;pattern&gt; 的所有事件</translation>
    </message>
    <message>
        <source>For a picture: apply &lt;choices&gt; once the trace is shown (all-rows, hide-python, dark)</source>
        <translation>用于截图：显示跟踪后应用 &lt;选项&gt;（all-rows、hide-python、dark）</translation>
    </message>
    <message>
        <source>choices</source>
        <translation>选项</translation>
    </message>
    <message>
        <source>%1: no such file</source>
        <translation>%1：文件不存在</translation>
    </message>
    <message>
        <source>%1: not readable</source>
        <translation>%1：无法读取</translation>
    </message>
    <message>
        <source>%1: a folder without trace files</source>
        <translation>%1：文件夹中没有跟踪文件</translation>
    </message>
    <message>
        <source>Open each trace in a window of its own instead of all in one window</source>
        <translation>每个跟踪在各自的窗口中打开，而不是全部在一个窗口中</translation>
    </message>
    <message>
        <source>Compare the first trace with &lt;other&gt; once it is shown (File &gt; Compare With…)</source>
        <translation>显示后将第一个跟踪与 &lt;other&gt; 比较（文件 &gt; 与…比较）</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>With --compare: click the diff row named &lt;name&gt; once the table is filled</source>
        <translation>与 --compare 一起使用：表格填好后单击名为 &lt;name&gt; 的差异行</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
</context>
<context>
    <name>tracelane::AboutDialog</name>
    <message>
        <source>GNU LGPL version 3</source>
        <translation>GNU LGPL 第 3 版</translation>
    </message>
    <message>
        <source>GNU GPL version 3</source>
        <translation>GNU GPL 第 3 版</translation>
    </message>
    <message>
        <source>MIT licence</source>
        <translation>MIT 许可证</translation>
    </message>
    <message>
        <source>Public domain</source>
        <translation>公有领域</translation>
    </message>
    <message>
        <source>zlib licence</source>
        <translation>zlib 许可证</translation>
    </message>
    <message>
        <source>Tracelane %1</source>
        <translation>Tracelane %1</translation>
    </message>
    <message>
        <source>A viewer for GPU profiling traces of deep-learning training.</source>
        <translation>用于查看深度学习训练 GPU 性能分析跟踪的工具。</translation>
    </message>
    <message>
        <source>Tracelane uses these components:</source>
        <translation>Tracelane 使用了以下组件：</translation>
    </message>
    <message>
        <source>About Tracelane</source>
        <translation>关于 Tracelane</translation>
    </message>
</context>
<context>
    <name>tracelane::CollectivePanel</name>
    <message>
        <source>By collective</source>
        <translation>按集合通信</translation>
    </message>
    <message>
        <source>Each call</source>
        <translation>每次调用</translation>
    </message>
    <message>
        <source>By rank</source>
        <translation>按 rank</translation>
    </message>
    <message>
        <source>One row per collective and process group, per call matched across the ranks, or per rank</source>
        <translation>每个集合通信与进程组一行、每次跨 rank 匹配的调用一行，或每个 rank 一行</translation>
    </message>
    <message>
        <source>Rows:</source>
        <translation>行：</translation>
    </message>
    <message>
        <source>Straggler: the rank the others waited for most</source>
        <translation>掉队者：其他 rank 等待最久的 rank</translation>
    </message>
    <message>
        <source>Click a call to show it on every rank</source>
        <translation>点击调用以在每个 rank 上显示</translation>
    </message>
    <message numerus="yes">
        <source>%n collective call(s) matched across the ranks.</source>
        <translation>
            <numerusform>跨 rank 匹配了 %n 次集合通信调用。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Straggler: %1, the others waited for it in %n call(s).</source>
        <translation>
            <numerusform>掉队者：%1，其他 rank 在 %n 次调用中等待它。</numerusform>
        </translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>The ranks share no clock: they are placed by their first events, so skews are estimates.</source>
        <translation>各 rank 没有共同时钟：按各自的第一个事件对齐，因此偏差为估计值。</translation>
    </message>
    <message numerus="yes">
        <source>%n call(s) found on fewer ranks than belong to their process group.</source>
        <translation>
            <numerusform>%n 次调用出现的 rank 少于其进程组的成员数。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n call(s) ran on some ranks only after they had ended on others (not synchronising, or clocks that disagree): their skew and last arrival say little.</source>
        <translation>
            <numerusform>%n 次调用在某些 rank 上开始时，在其他 rank 上已经结束（未同步，或时钟不一致）：其偏差和最后到达者参考价值不大。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n call(s) named differently on different ranks.</source>
        <translation>
            <numerusform>%n 次调用在不同 rank 上名称不同。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tracelane::CompareBreakdown</name>
    <message>
        <source>Breaking the operators down…</source>
        <translation>正在分解算子…</translation>
    </message>
    <message>
        <source>Click a row of the table to compare its breakdown</source>
        <translation>单击表格中的一行以比较其分解</translation>
    </message>
    <message>
        <source>Control</source>
        <translation>对照</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>测试</translation>
    </message>
    <message>
        <source>no operator “%1” (a kernel, or an op nested more than %2 levels deep)</source>
        <translation>没有算子“%1”（是内核，或嵌套深度超过 %2 层的算子）</translation>
    </message>
    <message numerus="yes">
        <source>depth %1, %n instance(s), CPU time %2, device time %3</source>
        <translation>
            <numerusform>深度 %1，%n 个实例，CPU 时间 %2，设备时间 %3</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tracelane::CompareCharts</name>
    <message>
        <source>Iterations</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Op Breakdown</source>
        <translation>算子分解</translation>
    </message>
</context>
<context>
    <name>tracelane::CompareChoiceDialog</name>
    <message>
        <source>Compare Traces</source>
        <translation>比较 Trace</translation>
    </message>
    <message numerus="yes">
        <source>This window holds %n traces. Choose the control, and the trace to compare with it: the diff counts each on its own.</source>
        <translation>
            <numerusform>此窗口包含 %n 个 Trace。请选择对照组以及要与之比较的 Trace：比较时各自单独计数。</numerusform>
        </translation>
    </message>
    <message>
        <source>Control:</source>
        <translation>对照：</translation>
    </message>
    <message>
        <source>Test:</source>
        <translation>测试：</translation>
    </message>
    <message>
        <source>Another trace file…</source>
        <translation>其他 Trace 文件…</translation>
    </message>
</context>
<context>
    <name>tracelane::CompareLayout</name>
    <message>
        <source>Differences</source>
        <translation>差异</translation>
    </message>
</context>
<context>
    <name>tracelane::ComparePanel</name>
    <message>
        <source>Filter rows…</source>
        <translation>筛选行…</translation>
    </message>
</context>
<context>
    <name>tracelane::CriticalPathPanel</name>
    <message>
        <source>Estimate</source>
        <translation>估算</translation>
    </message>
    <message>
        <source>What if… e.g. kernels=0.5, launch-overhead=0, op:DataLoader=0</source>
        <translation>假设…… 例如 kernels=0.5, launch-overhead=0, op:DataLoader=0</translation>
    </message>
    <message>
        <source>Scale durations and solve the path again: kernels=F, kernel:REGEX=F, op:REGEX=F, comm=F, memory=F, launch-overhead=F, cpu=F; several joined by commas. A model: queues and contention are not simulated.</source>
        <translation>按比例调整时长并重新求解路径：kernels=F、kernel:REGEX=F、op:REGEX=F、comm=F、memory=F、launch-overhead=F、cpu=F；多项以逗号连接。这是模型：不模拟队列与资源争用。</translation>
    </message>
    <message>
        <source>Step:</source>
        <translation>步骤：</translation>
    </message>
    <message>
        <source>Open a trace to see the critical path of its steps.</source>
        <translation>打开 Trace 以查看其各步骤的关键路径。</translation>
    </message>
    <message>
        <source>Finding the critical path…</source>
        <translation>正在求解关键路径…</translation>
    </message>
    <message>
        <source>This trace has no events to follow.</source>
        <translation>此 Trace 没有可追踪的事件。</translation>
    </message>
    <message>
        <source>Cannot estimate: %1</source>
        <translation>无法估算：%1</translation>
    </message>
    <message>
        <source>Estimating…</source>
        <translation>正在估算…</translation>
    </message>
    <message>
        <source>%1 %2 %</source>
        <translation>%1 %2 %</translation>
    </message>
    <message>
        <source>%1: %2 → %3 (%4 %). Then: %5. An estimate: queues and contention are not simulated.</source>
        <translation>%1：%2 → %3（%4 %）。之后：%5。这是估算：不模拟队列与资源争用。</translation>
    </message>
    <message>
        <source>Whole trace</source>
        <translation>整个 Trace</translation>
    </message>
</context>
<context>
    <name>tracelane::DetailsPanel</name>
    <message>
        <source>Kind:</source>
        <translation>类型：</translation>
    </message>
    <message>
        <source>Track:</source>
        <translation>轨道：</translation>
    </message>
    <message>
        <source>Start:</source>
        <translation>开始：</translation>
    </message>
    <message>
        <source>Duration:</source>
        <translation>时长：</translation>
    </message>
    <message>
        <source>End:</source>
        <translation>结束：</translation>
    </message>
    <message>
        <source>Argument</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>No event selected. Click an event in the timeline.</source>
        <translation>未选择事件。请在时间线中点击一个事件。</translation>
    </message>
    <message>
        <source>correlation</source>
        <translation>关联 ID</translation>
    </message>
    <message>
        <source>Launched</source>
        <translation>已启动</translation>
    </message>
    <message>
        <source>Leads to</source>
        <translation>指向</translation>
    </message>
    <message>
        <source>Launched by</source>
        <translation>启动者</translation>
    </message>
    <message>
        <source>Backward of</source>
        <translation>反向传播自</translation>
    </message>
    <message>
        <source>Comes from</source>
        <translation>来自</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Select %1 on %2</source>
        <translation>在 %2 上选择 %1</translation>
    </message>
    <message>
        <source>Copy Name</source>
        <translation>复制名称</translation>
    </message>
    <message>
        <source>Grid:</source>
        <translation>网格：</translation>
    </message>
    <message>
        <source>Block:</source>
        <translation>线程块：</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Launched by %1</source>
        <translation>由 %1 启动</translation>
    </message>
    <message>
        <source>Linked to %1</source>
        <translation>与 %1 关联</translation>
    </message>
    <message numerus="yes">
        <source>%n kernels</source>
        <translation>
            <numerusform>%n 个内核</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU operations</source>
        <translation>
            <numerusform>%n 个 GPU 操作</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n events</source>
        <translation>
            <numerusform>%n 个事件</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2, %3</source>
        <translation>%1：%2，%3</translation>
    </message>
    <message>
        <source>Their GPU time, summed</source>
        <translation>它们的 GPU 时间之和</translation>
    </message>
    <message>
        <source>Their durations, summed</source>
        <translation>它们的持续时间之和</translation>
    </message>
    <message>
        <source>List them</source>
        <translation>列出</translation>
    </message>
    <message>
        <source>Show them in the Instances panel</source>
        <translation>在“实例”面板中显示</translation>
    </message>
</context>
<context>
    <name>tracelane::DiagnosticText</name>
    <message>
        <source>argument values nested deeper than 64 levels were cut there (shown as &quot;...&quot;)</source>
        <translation>嵌套超过 64 层的参数值已在该层截断（显示为“...”）</translation>
    </message>
    <message>
        <source>async end events with no matching begin</source>
        <translation>没有匹配开始事件的异步结束事件</translation>
    </message>
    <message>
        <source>events whose &quot;dur&quot; is not a number were given duration 0</source>
        <translation>“dur”不是数字的事件已设为时长 0</translation>
    </message>
    <message>
        <source>slices never closed were ended at the trace&apos;s last timestamp</source>
        <translation>从未关闭的切片已在跟踪的最后一个时间戳处结束</translation>
    </message>
    <message>
        <source>events of categories past the 32766th share one category</source>
        <translation>第 32766 个之后的类别中的事件共用同一个类别</translation>
    </message>
    <message>
        <source>counter values that are not numbers were skipped</source>
        <translation>已跳过不是数字的计数器值</translation>
    </message>
    <message>
        <source>events nested deeper than 255 levels are drawn at level 255</source>
        <translation>嵌套超过 255 层的事件绘制在第 255 层</translation>
    </message>
    <message>
        <source>API calls share a correlation id; the first one is linked</source>
        <translation>多个 API 调用共用一个关联 ID；仅关联第一个</translation>
    </message>
    <message>
        <source>enqueues without device profiling times have no kernel on the queue</source>
        <translation>没有设备性能分析时间的入队调用在队列上没有内核</translation>
    </message>
    <message>
        <source>clSetKernelArg calls without an argument index were not applied</source>
        <translation>未应用没有参数索引的 clSetKernelArg 调用</translation>
    </message>
    <message>
        <source>enqueues whose profiling times are missing or out of order have no kernel</source>
        <translation>性能分析时间缺失或顺序错乱的入队调用没有内核</translation>
    </message>
    <message>
        <source>array entries that are not OpenCL call records were skipped</source>
        <translation>已跳过不是 OpenCL 调用记录的数组条目</translation>
    </message>
    <message>
        <source>calls without readable ISO start and end times were skipped</source>
        <translation>已跳过没有可读 ISO 开始和结束时间的调用</translation>
    </message>
    <message>
        <source>E events named differently from the B they close (closed it anyway)</source>
        <translation>名称与其关闭的 B 事件不同的 E 事件（仍已关闭）</translation>
    </message>
    <message>
        <source>events ending more than 146 years from the trace&apos;s zero were cut there</source>
        <translation>结束时间距跟踪零点超过 146 年的事件已在该处截断</translation>
    </message>
    <message>
        <source>E events with no open B event on their thread</source>
        <translation>所在线程上没有未结束 B 事件的 E 事件</translation>
    </message>
    <message>
        <source>flow starts (&quot;flow_out&quot;) for an id already started were ignored</source>
        <translation>已忽略 ID 已经开始过的流起点（“flow_out”）</translation>
    </message>
    <message>
        <source>launch flow ends on %1 calls that launched no GPU work (no arrow)</source>
        <translation>落在未启动 GPU 工作的 %1 调用上的启动流终点（无箭头）</translation>
    </message>
    <message>
        <source>launch flows from synchronisation calls with no GPU-side record (no arrow)</source>
        <translation>来自无 GPU 端记录的同步调用的启动流（无箭头）</translation>
    </message>
    <message>
        <source>flow events with no slice at their time on their thread</source>
        <translation>所在线程上对应时间没有切片的流事件</translation>
    </message>
    <message>
        <source>slices with a &quot;bind_id&quot; but neither &quot;flow_in&quot; nor &quot;flow_out&quot; got no arrow</source>
        <translation>有“bind_id”但既无“flow_in”也无“flow_out”的切片未绘制箭头</translation>
    </message>
    <message>
        <source>flow starts with no matching end (kept no arrow)</source>
        <translation>没有匹配终点的流起点（不保留箭头）</translation>
    </message>
    <message>
        <source>flow events without an id were skipped</source>
        <translation>已跳过没有 ID 的流事件</translation>
    </message>
    <message>
        <source>flow ends or steps with no matching start (kept no arrow)</source>
        <translation>没有匹配起点的流终点或中间步骤（不保留箭头）</translation>
    </message>
    <message>
        <source>GPU operations whose launching API call is not in the trace</source>
        <translation>启动它们的 API 调用不在跟踪中的 GPU 操作</translation>
    </message>
    <message>
        <source>slices on one thread overlap without nesting</source>
        <translation>同一线程上的切片相互重叠但未嵌套</translation>
    </message>
    <message>
        <source>raw control characters inside strings (not strict JSON) were read as they are</source>
        <translation>字符串中的原始控制字符（非严格 JSON）已按原样读取</translation>
    </message>
    <message>
        <source>bytes inside strings that are not UTF-8 were replaced by U+FFFD (�)</source>
        <translation>字符串中不是 UTF-8 的字节已替换为 U+FFFD（�）</translation>
    </message>
    <message>
        <source>trailing commas before &apos;}&apos; or &apos;]&apos; (not strict JSON) were accepted</source>
        <translation>已接受“}”或“]”之前的尾随逗号（非严格 JSON）</translation>
    </message>
    <message>
        <source>Correlation ids that could not be kept unique across the traces; their launches are not linked to their GPU work</source>
        <translation>无法在多个跟踪之间保持唯一的关联 ID；其启动未与对应的 GPU 工作关联</translation>
    </message>
    <message>
        <source>X events without &quot;dur&quot; were given duration 0</source>
        <translation>缺少“dur”的 X 事件已设为时长 0</translation>
    </message>
    <message>
        <source>events without a &quot;ph&quot; were skipped</source>
        <translation>已跳过缺少“ph”的事件</translation>
    </message>
    <message>
        <source>names longer than 64 KiB were cut</source>
        <translation>超过 64 KiB 的名称已截断</translation>
    </message>
    <message>
        <source>events with a negative duration were given duration 0</source>
        <translation>时长为负的事件已设为时长 0</translation>
    </message>
    <message>
        <source>entries of the event array that are not objects were skipped</source>
        <translation>已跳过事件数组中不是对象的条目</translation>
    </message>
    <message>
        <source>columns this nsys version did not write were read as empty</source>
        <translation>此 nsys 版本未写入的列已按空值读取</translation>
    </message>
    <message>
        <source>lines that are not a JSON object were skipped</source>
        <translation>已跳过不是 JSON 对象的行</translation>
    </message>
    <message>
        <source>events missing a time or thread were skipped</source>
        <translation>已跳过缺少时间或线程的事件</translation>
    </message>
    <message>
        <source>lines nested deeper than 64 levels (not an nsys record) were skipped</source>
        <translation>已跳过嵌套超过 64 层的行（不是 nsys 记录）</translation>
    </message>
    <message>
        <source>the last line is cut off (the file is truncated); it was skipped</source>
        <translation>最后一行不完整（文件被截断）；已跳过该行</translation>
    </message>
    <message>
        <source>records of an unknown kind were skipped</source>
        <translation>已跳过未知类型的记录</translation>
    </message>
    <message>
        <source>the export has no StringIds table: names are empty</source>
        <translation>导出文件中没有 StringIds 表：名称为空</translation>
    </message>
    <message>
        <source>string table entries with a negative id were skipped</source>
        <translation>已跳过 ID 为负数的字符串表条目</translation>
    </message>
    <message>
        <source>names referring to a string id missing from the string table were left empty</source>
        <translation>引用字符串表中不存在的字符串 ID 的名称保留为空</translation>
    </message>
    <message>
        <source>tables without a column Tracelane needs were skipped</source>
        <translation>已跳过缺少 Tracelane 所需列的表</translation>
    </message>
    <message>
        <source>columns this nvprof version did not write were read as empty</source>
        <translation>此 nvprof 版本未写入的列已按空值读取</translation>
    </message>
    <message>
        <source>synchronizations in a context not listed in CUPTI_ACTIVITY_KIND_CONTEXT were placed on device 0</source>
        <translation>所在上下文未列于 CUPTI_ACTIVITY_KIND_CONTEXT 中的同步已放到设备 0 上</translation>
    </message>
    <message>
        <source>the profile holds no activity: nothing ran on the GPU or through CUDA while nvprof was recording</source>
        <translation>该性能分析文件不含任何活动：nvprof 记录期间没有任何内容在 GPU 上或通过 CUDA 运行</translation>
    </message>
    <message>
        <source>NVTX ranges ending before they start were skipped</source>
        <translation>已跳过结束早于开始的 NVTX 范围</translation>
    </message>
    <message>
        <source>markers without a process or thread were placed on process 0</source>
        <translation>没有进程或线程的标记已放到进程 0 上</translation>
    </message>
    <message>
        <source>markers of other kinds (synchronization markers) were skipped</source>
        <translation>已跳过其他类型的标记（同步标记）</translation>
    </message>
    <message>
        <source>NVTX ranges that never ended were left out</source>
        <translation>已略去从未结束的 NVTX 范围</translation>
    </message>
    <message>
        <source>NVTX range ends without a start were skipped</source>
        <translation>已跳过没有开始的 NVTX 范围结束</translation>
    </message>
    <message>
        <source>names referring to an id missing from StringTable were left empty</source>
        <translation>引用 StringTable 中不存在的 ID 的名称保留为空</translation>
    </message>
    <message>
        <source>NVTX events of a domain whose name was not recorded (named by its id)</source>
        <translation>所属域的名称未被记录的 NVTX 事件（以域 ID 命名）</translation>
    </message>
    <message>
        <source>NVTX events of other types (payloads, resource names) were skipped</source>
        <translation>已跳过其他类型的 NVTX 事件（负载、资源名称）</translation>
    </message>
    <message>
        <source>thread-state events (ph &quot;T&quot;) were skipped: Tracelane has no lane for them</source>
        <translation>已跳过线程状态事件（ph “T”）：Tracelane 没有可显示它们的轨道</translation>
    </message>
    <message>
        <source>events starting more than 146 years from the trace&apos;s zero were skipped</source>
        <translation>已跳过开始时间距跟踪零点超过 146 年的事件</translation>
    </message>
    <message>
        <source>Trace files that could not be opened with the others</source>
        <translation>无法与其他文件一起打开的跟踪文件</translation>
    </message>
    <message>
        <source>events of an unsupported phase (ph) were skipped</source>
        <translation>已跳过阶段（ph）不受支持的事件</translation>
    </message>
    <message>
        <source>the event array is not closed (the writer may have stopped early); all complete events were read</source>
        <translation>事件数组未闭合（写入程序可能提前停止）；已读取所有完整事件</translation>
    </message>
    <message>
        <source>strings with unescaped &apos;&quot;&apos; inside (PyTorch&apos;s with_stack names) were read whole</source>
        <translation>内含未转义 &apos;&quot;&apos; 的字符串（PyTorch with_stack 名称）已完整读取</translation>
    </message>
    <message>
        <source>events of the file&apos;s other ranks were left out</source>
        <translation>已略去文件中其他 rank 的事件</translation>
    </message>
    <message>
        <source>debug annotations without a name or with a nested or unknown value type</source>
        <translation>无名称或值类型为嵌套/未知的调试注解</translation>
    </message>
    <message>
        <source>slices never ended were closed at the trace&apos;s last timestamp</source>
        <translation>从未结束的切片在跟踪的最后时间戳处结束</translation>
    </message>
    <message>
        <source>track events on a clock no clock snapshot links to the trace clock (their timestamps are used as they are)</source>
        <translation>所用时钟无法经时钟快照换算到跟踪时钟的事件（时间戳按原值使用）</translation>
    </message>
    <message>
        <source>counter values for tracks without a CounterDescriptor (skipped)</source>
        <translation>无 CounterDescriptor 的轨道上的计数器值（已跳过）</translation>
    </message>
    <message>
        <source>slice ends with no open slice on their track (skipped)</source>
        <translation>所在轨道上没有打开切片的切片结束（已跳过）</translation>
    </message>
    <message>
        <source>track events without a timestamp (skipped)</source>
        <translation>没有时间戳的轨道事件（已跳过）</translation>
    </message>
    <message>
        <source>track events without a type (legacy JSON-style events, skipped)</source>
        <translation>没有类型的轨道事件（旧式 JSON 风格事件，已跳过）</translation>
    </message>
    <message>
        <source>extra counter values without a counter track uuid (skipped)</source>
        <translation>没有计数器轨道 uuid 的额外计数器值（已跳过）</translation>
    </message>
    <message>
        <source>flow ids seen on one event only (no arrow drawn)</source>
        <translation>只出现在一个事件上的流 id（未绘制箭头）</translation>
    </message>
    <message>
        <source>packets that need interned data or defaults their sequence never set (no SEQ_INCREMENTAL_STATE_CLEARED before them; skipped, as Perfetto does)</source>
        <translation>需要其序列从未设置的 interned 数据或默认值的数据包（此前没有 SEQ_INCREMENTAL_STATE_CLEARED；与 Perfetto 一样跳过）</translation>
    </message>
    <message>
        <source>slices and instants on counter tracks (skipped)</source>
        <translation>计数器轨道上的切片和瞬时事件（已跳过）</translation>
    </message>
    <message>
        <source>top-level fields other than packets (skipped)</source>
        <translation>数据包以外的顶层字段（已跳过）</translation>
    </message>
    <message>
        <source>the file ends inside a packet: the last packet is left out</source>
        <translation>文件在数据包中间结束：最后一个数据包被略去</translation>
    </message>
    <message>
        <source>GPU work on an agent index beyond 32 bits was skipped</source>
        <translation>agent 索引超过 32 位的 GPU 工作已跳过</translation>
    </message>
    <message>
        <source>memory allocations and frees are in the database but not drawn</source>
        <translation>数据库中有内存分配与释放记录，但未绘制</translation>
    </message>
    <message>
        <source>memory copies without a start or end time were skipped</source>
        <translation>没有开始或结束时间的内存拷贝已跳过</translation>
    </message>
    <message>
        <source>correlation ids past 32 bits were not linked</source>
        <translation>超过 32 位的关联 id 未链接</translation>
    </message>
    <message>
        <source>the database holds no kernels, copies or API calls</source>
        <translation>数据库中没有内核、拷贝或 API 调用</translation>
    </message>
    <message>
        <source>kernels without a start or end time were skipped</source>
        <translation>没有开始或结束时间的内核已跳过</translation>
    </message>
    <message>
        <source>regions without a start or end time were skipped</source>
        <translation>没有开始或结束时间的区域已跳过</translation>
    </message>
    <message>
        <source>GPU work on agents missing from the agent list was put on devices numbered from 1000</source>
        <translation>agent 列表中缺失的 agent 上的 GPU 工作放在编号从 1000 起的设备上</translation>
    </message>
    <message>
        <source>correlation ids too large to keep were dropped (no launch arrow)</source>
        <translation>过大的关联 id 已丢弃（无启动箭头）</translation>
    </message>
    <message>
        <source>the file holds no trace records</source>
        <translation>文件中没有跟踪记录</translation>
    </message>
    <message>
        <source>kernel dispatches whose kernel_id is not in kernel_symbols were named &apos;kernel N&apos;</source>
        <translation>kernel_id 不在 kernel_symbols 中的内核分派命名为 &apos;kernel N&apos;</translation>
    </message>
    <message>
        <source>records of kinds Tracelane does not show were skipped</source>
        <translation>Tracelane 不显示的类型的记录已跳过</translation>
    </message>
    <message>
        <source>the file has no HIP or HSA API records (rocprofv3 ran without --hip-trace / --hsa-trace): GPU work has no launching call</source>
        <translation>文件中没有 HIP 或 HSA API 记录（rocprofv3 运行时未加 --hip-trace / --hsa-trace）：GPU 工作没有启动调用</translation>
    </message>
    <message>
        <source>API calls without a start or end time were skipped</source>
        <translation>没有开始或结束时间的 API 调用已跳过</translation>
    </message>
    <message>
        <source>the profile holds no GPU operations and no API calls</source>
        <translation>该性能数据中没有 GPU 操作，也没有 API 调用</translation>
    </message>
    <message>
        <source>GPU operations on a gpuId beyond 32 bits were skipped</source>
        <translation>gpuId 超过 32 位的 GPU 操作已跳过</translation>
    </message>
    <message>
        <source>the profile has no rocpd_api_ops table: no launch arrows</source>
        <translation>该性能数据没有 rocpd_api_ops 表：没有启动箭头</translation>
    </message>
    <message>
        <source>GPU operations listed under several API calls in rocpd_api_ops; the first is linked</source>
        <translation>在 rocpd_api_ops 中列于多个 API 调用之下的 GPU 操作；只链接第一个</translation>
    </message>
    <message>
        <source>GPU operations of a type Tracelane does not know were skipped</source>
        <translation>Tracelane 不认识的类型的 GPU 操作已跳过</translation>
    </message>
    <message>
        <source>GPU operations without a start or end time were skipped</source>
        <translation>没有开始或结束时间的 GPU 操作已跳过</translation>
    </message>
    <message>
        <source>names referring to an id missing from rocpd_string were left empty</source>
        <translation>引用 rocpd_string 中缺失 id 的名称留空</translation>
    </message>
    <message>
        <source>aggregated events (num_occurrences instead of a time) were skipped</source>
        <translation>聚合事件（只有 num_occurrences 而无时间）已跳过</translation>
    </message>
    <message>
        <source>stats holding raw bytes (serialized protos) were not kept as arguments</source>
        <translation>包含原始字节（序列化 proto）的 stat 未作为参数保留</translation>
    </message>
    <message>
        <source>consumer contexts (_c) without a producer event (_p) in the file drew no arrow</source>
        <translation>文件中没有生产者事件（_p）的消费者上下文（_c）未绘制箭头</translation>
    </message>
    <message>
        <source>correlation ids past 32 bits were not linked (kept as the correlation_id argument)</source>
        <translation>超过 32 位的关联 id 未链接（保留为 correlation_id 参数）</translation>
    </message>
    <message>
        <source>events whose metadata_id is not in their plane&apos;s event_metadata were named by the id</source>
        <translation>metadata_id 不在所属 plane 的 event_metadata 中的事件以 id 命名</translation>
    </message>
    <message>
        <source>protobuf fields not in xplane.proto (or of another type) were skipped</source>
        <translation>不在 xplane.proto 中（或类型不同）的 protobuf 字段已跳过</translation>
    </message>
    <message>
        <source>flow stats whose id no other event carries drew no arrow</source>
        <translation>id 不出现在其他事件上的 flow stat 未绘制箭头</translation>
    </message>
    <message>
        <source>the /host:metadata plane (HLO protos) is not shown</source>
        <translation>不显示 /host:metadata plane（HLO proto）</translation>
    </message>
    <message>
        <source>planes Tracelane does not show (not /host:CPU, /device:GPU:N or /device:TPU:N) were skipped</source>
        <translation>Tracelane 不显示的 plane（非 /host:CPU、/device:GPU:N 或 /device:TPU:N）已跳过</translation>
    </message>
    <message>
        <source>the profiler reported errors while it wrote the file</source>
        <translation>性能分析器在写入文件时报告了错误</translation>
    </message>
    <message>
        <source>the profiler reported warnings while it wrote the file</source>
        <translation>性能分析器在写入文件时报告了警告</translation>
    </message>
    <message>
        <source>stats whose metadata_id is not in their plane&apos;s stat_metadata were named by the id</source>
        <translation>metadata_id 不在所属 plane 的 stat_metadata 中的 stat 以 id 命名</translation>
    </message>
    <message>
        <source>XLA Ops and XLA Modules lanes were made from the kernels&apos; hlo_op and hlo_module (the file has no such lines)</source>
        <translation>XLA Ops 与 XLA Modules 泳道由内核的 hlo_op 和 hlo_module 生成（文件中没有这些行）</translation>
    </message>
</context>
<context>
    <name>tracelane::DiagnosticsPanel</name>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>First seen at</source>
        <translation>首次出现位置</translation>
    </message>
    <message>
        <source>Information</source>
        <translation>信息</translation>
    </message>
</context>
<context>
    <name>tracelane::EfficiencyPanel</name>
    <message>
        <source>GPU Time</source>
        <translation>GPU 时间</translation>
    </message>
    <message>
        <source>Idle Causes</source>
        <translation>空闲原因</translation>
    </message>
    <message>
        <source>Longest Gaps</source>
        <translation>最长间隙</translation>
    </message>
    <message>
        <source>Launch Delay</source>
        <translation>启动延迟</translation>
    </message>
    <message>
        <source>Overheads</source>
        <translation>开销</translation>
    </message>
    <message>
        <source>Open a trace to see where the GPU&apos;s time goes and why it waits.</source>
        <translation>打开一个跟踪，查看 GPU 的时间花在哪里以及它为何等待。</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>No GPU operations in this trace</source>
        <translation>此跟踪中没有 GPU 操作</translation>
    </message>
    <message>
        <source>The %1 longest idle gaps of all streams; click one to show it on the timeline.</source>
        <translation>所有流中最长的 %1 个空闲间隙；点击其中一个即可在时间线上显示它。</translation>
    </message>
    <message>
        <source>Shows the gap with some work before and after it, marks it as the time selection and selects the launch call that came late (or the operation after the gap, when it has no launch call).</source>
        <translation>显示该间隙及其前后的一些工作，将其标记为时间选区，并选中来迟的启动调用（没有启动调用时选中间隙后的操作）。</translation>
    </message>
    <message>
        <source>Per operator, in ns: T2 start to first launch call · T3 last launch call to end · T5 between its launch calls; T1 between operators · T4 the launch calls</source>
        <translation>按算子，单位 ns：T2 从开始到第一次启动调用 · T3 从最后一次启动调用到结束 · T5 其启动调用之间；T1 算子之间 · T4 启动调用本身</translation>
    </message>
    <message>
        <source>Launch overheads T1-T5 as tracelane-cli overheads prints them: operators are the outermost CPU ops, or the outermost ranges in traces without CPU ops.</source>
        <translation>启动开销 T1–T5，与 tracelane-cli overheads 的输出一致：算子为最外层的 CPU 操作；没有 CPU 操作的跟踪则为最外层的范围。</translation>
    </message>
</context>
<context>
    <name>tracelane::FindingEventModel</name>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>Time region</source>
        <translation>时间区间</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>代价</translation>
    </message>
</context>
<context>
    <name>tracelane::FindingModel</name>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>On Critical Path</source>
        <translation>关键路径上</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>Share of Step</source>
        <translation>占步骤比例</translation>
    </message>
</context>
<context>
    <name>tracelane::FindingText</name>
    <message>
        <source>Find what the CPU did while the GPU waited: sample the CPU, look for blocking OS calls and thread synchronisation, and mark the CPU code with NVTX ranges to see which part leaves the GPU without work</source>
        <translation>查明 GPU 等待时 CPU 在做什么：对 CPU 采样，查找阻塞的系统调用和线程同步，并用 NVTX 范围标记 CPU 代码，看哪一部分让 GPU 没有工作</translation>
    </message>
    <message>
        <source>Async memcpy with pageable memory</source>
        <translation>使用可分页内存的异步 memcpy</translation>
    </message>
    <message>
        <source>Copy from and to pinned (page-locked) host memory (cudaMallocHost or cudaHostAlloc; in PyTorch pin_memory=True and non_blocking=True), so cudaMemcpyAsync returns at once</source>
        <translation>从固定（页锁定）主机内存复制或复制到其中（cudaMallocHost 或 cudaHostAlloc；在 PyTorch 中使用 pin_memory=True 和 non_blocking=True），使 cudaMemcpyAsync 立即返回</translation>
    </message>
    <message>
        <source>Synchronous memcpy</source>
        <translation>同步 memcpy</translation>
    </message>
    <message>
        <source>Use cudaMemcpyAsync (cudaMemcpy*Async) on a stream, with pinned host memory, and synchronise only where the result is needed</source>
        <translation>在流上使用 cudaMemcpyAsync（cudaMemcpy*Async）并配合固定主机内存，只在需要结果的地方同步</translation>
    </message>
    <message>
        <source>Synchronous memset</source>
        <translation>同步 memset</translation>
    </message>
    <message>
        <source>Use cudaMemsetAsync on a stream and synchronise only where the result is needed</source>
        <translation>在流上使用 cudaMemsetAsync，只在需要结果的地方同步</translation>
    </message>
    <message>
        <source>Synchronisation calls</source>
        <translation>同步调用</translation>
    </message>
    <message>
        <source>Synchronise less often; wait on events instead (cudaStreamWaitEvent between streams, cudaEventSynchronize for one result) so the host keeps issuing work</source>
        <translation>减少同步次数；改为等待事件（流之间用 cudaStreamWaitEvent，单个结果用 cudaEventSynchronize），让主机持续提交工作</translation>
    </message>
    <message>
        <source>GPU idle gaps</source>
        <translation>GPU 空闲间隙</translation>
    </message>
    <message>
        <source>Low GPU utilisation over time</source>
        <translation>一段时间内 GPU 利用率低</translation>
    </message>
    <message>
        <source>Data loading in the step</source>
        <translation>步骤中的数据加载</translation>
    </message>
    <message>
        <source>Load data in worker processes: set num_workers on the DataLoader (with pin_memory=True), so the next batches are prepared while the GPU computes</source>
        <translation>在工作进程中加载数据：为 DataLoader 设置 num_workers（并设置 pin_memory=True），使下一批数据在 GPU 计算时就已准备好</translation>
    </message>
    <message>
        <source>Communication in the step</source>
        <translation>步骤中的通信</translation>
    </message>
    <message>
        <source>Communicate less or less often: gradient compression (DDP communication hooks), gradient accumulation or a larger batch; both raise the effective batch size, which can hurt convergence (an optimizer such as LAMB helps there)</source>
        <translation>减少通信量或通信频率：梯度压缩（DDP 通信钩子）、梯度累积或更大的批次；两者都会增大有效批大小，可能影响收敛（LAMB 等优化器对此有帮助）</translation>
    </message>
    <message>
        <source>Low GPU utilisation</source>
        <translation>GPU 利用率低</translation>
    </message>
    <message>
        <source>Give the GPU more work per step, e.g. a larger batch size (which can change how fast and how stably the model converges), and remove what keeps it waiting (synchronisations, input loading)</source>
        <translation>每步给 GPU 更多工作，例如更大的批大小（可能改变模型收敛的速度和稳定性），并消除让它等待的因素（同步、输入加载）</translation>
    </message>
    <message>
        <source>No tensor cores used</source>
        <translation>未使用 Tensor Core</translation>
    </message>
    <message>
        <source>Enable automatic mixed precision (torch.autocast with float16 or bfloat16, and a gradient scaler for float16) so matrix multiplications and convolutions run on tensor cores</source>
        <translation>启用自动混合精度（torch.autocast 使用 float16 或 bfloat16，float16 配合梯度缩放器），使矩阵乘法和卷积在 Tensor Core 上运行</translation>
    </message>
    <message>
        <source>Launch queue full</source>
        <translation>启动队列已满</translation>
    </message>
    <message>
        <source>The CPU is far ahead of the GPU, so the GPU is the bottleneck: make the kernels cheaper (fusion, mixed precision, better algorithms) rather than the launches; the blocked CPU time is free for other work</source>
        <translation>CPU 远远领先于 GPU，瓶颈在 GPU：应让内核更便宜（融合、混合精度、更好的算法），而不是优化启动；被阻塞的 CPU 时间可用于其他工作</translation>
    </message>
    <message>
        <source>Kernels shorter than their launch</source>
        <translation>内核比其启动调用还短</translation>
    </message>
    <message>
        <source>Launch fewer, larger kernels: capture the step in a CUDA graph (torch.cuda.CUDAGraph, torch.compile with mode=&quot;reduce-overhead&quot;) or fuse small operations (torch.compile, fused optimizers)</source>
        <translation>启动更少、更大的内核：用 CUDA Graph 捕获整个步骤（torch.cuda.CUDAGraph、torch.compile 的 mode=&quot;reduce-overhead&quot;），或融合小操作（torch.compile、融合优化器）</translation>
    </message>
    <message>
        <source>Host-to-device copies in the step</source>
        <translation>步骤中的主机到设备复制</translation>
    </message>
    <message>
        <source>Copy the next batch while the current one computes: pinned memory and non_blocking=True on a side stream (or a prefetching DataLoader with pin_memory=True), waiting on an event before use</source>
        <translation>在当前批次计算时复制下一批：在辅助流上使用固定内存和 non_blocking=True（或使用 pin_memory=True 的预取 DataLoader），使用前等待事件</translation>
    </message>
    <message>
        <source>Straggler rank</source>
        <translation>掉队的 rank</translation>
    </message>
    <message>
        <source>Find what only this rank does or waits for: compare its steps with another rank&apos;s (tracelane-cli diff), look for uneven data or batch sizes, data loading, a slower GPU or host, and its extra synchronisations</source>
        <translation>找出只有这个 rank 在做或在等待的事：将其步骤与另一个 rank 比较（tracelane-cli diff），检查数据或批大小是否不均、数据加载、较慢的 GPU 或主机，以及额外的同步</translation>
    </message>
</context>
<context>
    <name>tracelane::FindingsPanel</name>
    <message>
        <source>Open a trace to see what to fix in it.</source>
        <translation>打开 Trace 以查看其中需要修复的问题。</translation>
    </message>
    <message>
        <source>Looking for problems…</source>
        <translation>正在查找问题…</translation>
    </message>
    <message>
        <source>No rule found a problem in this trace.</source>
        <translation>没有规则在此 Trace 中发现问题。</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) in the whole trace, ranked by their time on its critical path (%1). Click one for its fix and its events.</source>
        <translation>
            <numerusform>整个 Trace 中有 %n 个问题，按其在关键路径（%1）上的时间排序。点击某一问题查看修复方法及其事件。</numerusform>
        </translation>
    </message>
    <message>
        <source>Fix: %1</source>
        <translation>修复：%1</translation>
    </message>
</context>
<context>
    <name>tracelane::FlameGraphView</name>
    <message>
        <source>No tree</source>
        <translation>没有树</translation>
    </message>
    <message>
        <source>GPU time</source>
        <translation>GPU 时间</translation>
    </message>
    <message>
        <source>CPU time</source>
        <translation>CPU 时间</translation>
    </message>
    <message>
        <source>All: %1 %2</source>
        <translation>全部：%1 %2</translation>
    </message>
    <message>
        <source>%1: %2 %3 (click the top row or press Esc to zoom out)</source>
        <translation>%1：%2 %3（点击最上一行或按 Esc 缩小）</translation>
    </message>
    <message numerus="yes">
        <source>%n matching</source>
        <translation>
            <numerusform>%n 个匹配</numerusform>
        </translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>操作数</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>调用次数</translation>
    </message>
    <message>
        <source>CPU self</source>
        <translation>CPU 自身</translation>
    </message>
    <message>
        <source>CPU total</source>
        <translation>CPU 总计</translation>
    </message>
    <message>
        <source>GPU self</source>
        <translation>GPU 自身</translation>
    </message>
    <message>
        <source>GPU total</source>
        <translation>GPU 总计</translation>
    </message>
    <message>
        <source>List Instances</source>
        <translation>列出实例</translation>
    </message>
    <message>
        <source>Zoom Here</source>
        <translation>放大到此处</translation>
    </message>
    <message>
        <source>Zoom Out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>Export Flame Graph…</source>
        <translation>导出火焰图…</translation>
    </message>
    <message>
        <source>Flame Graph</source>
        <translation>火焰图</translation>
    </message>
    <message>
        <source>Exported from Tracelane</source>
        <translation>从 Tracelane 导出</translation>
    </message>
    <message>
        <source>Cannot export to &apos;%1&apos;: use a .png, .pdf or .svg file name.</source>
        <translation>无法导出到“%1”：请使用 .png、.pdf 或 .svg 文件名。</translation>
    </message>
    <message>
        <source>Could not write &apos;%1&apos;.</source>
        <translation>无法写入“%1”。</translation>
    </message>
    <message>
        <source>Export Flame Graph</source>
        <translation>导出火焰图</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
</context>
<context>
    <name>tracelane::GuardedApplication</name>
    <message>
        <source>an unknown error</source>
        <translation>未知错误</translation>
    </message>
    <message>
        <source>not enough memory</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <source>An analysis failed: %1</source>
        <translation>分析失败：%1</translation>
    </message>
</context>
<context>
    <name>tracelane::IdleGapModel</name>
    <message>
        <source>none in the trace</source>
        <translation>跟踪中没有</translation>
    </message>
    <message>
        <source>%1 ns from the trace start</source>
        <translation>距跟踪开始 %1 ns</translation>
    </message>
    <message>
        <source>%1 ns</source>
        <translation>%1 ns</translation>
    </message>
    <message>
        <source>Stream</source>
        <translation>流</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>Cause</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Launch call</source>
        <translation>启动调用</translation>
    </message>
    <message>
        <source>Next operation</source>
        <translation>下一个操作</translation>
    </message>
</context>
<context>
    <name>tracelane::InstanceListPanel</name>
    <message>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <source>Filter by name or lane…</source>
        <translation>按名称或轨道筛选…</translation>
    </message>
    <message>
        <source>Write the rows shown to a CSV file (times in ns)</source>
        <translation>将显示的行写入 CSV 文件（时间以 ns 为单位）</translation>
    </message>
    <message>
        <source>Select on Timeline</source>
        <translation>在时间线上选中</translation>
    </message>
    <message>
        <source>Export as CSV…</source>
        <translation>导出为 CSV…</translation>
    </message>
    <message>
        <source>1 instance</source>
        <translation>1 个实例</translation>
    </message>
    <message>
        <source>0 of 1 instance</source>
        <translation>1 个实例中的 0 个</translation>
    </message>
    <message>
        <source>%1 instances</source>
        <translation>%1 个实例</translation>
    </message>
    <message>
        <source>%1 of %2 instances</source>
        <translation>%2 个实例中的 %1 个</translation>
    </message>
    <message>
        <source>No list yet: press List All in the search bar (Ctrl+F), or right-click a summary row</source>
        <translation>尚无列表：在搜索栏（Ctrl+F）中点击“全部列出”，或右键单击汇总表中的一行</translation>
    </message>
    <message>
        <source>No trace loaded</source>
        <translation>未加载跟踪</translation>
    </message>
    <message>
        <source>Could not write &apos;%1&apos;</source>
        <translation>无法写入“%1”</translation>
    </message>
    <message>
        <source>Export Instances</source>
        <translation>导出实例</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
</context>
<context>
    <name>tracelane::InstanceTableModel</name>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>%1 › %2</source>
        <translation>%1 › %2</translation>
    </message>
    <message>
        <source>%1 ns from the trace start</source>
        <translation>距跟踪开始 %1 ns</translation>
    </message>
    <message>
        <source>%1 ns</source>
        <translation>%1 ns</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>持续时间</translation>
    </message>
    <message>
        <source>Lane</source>
        <translation>轨道</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Grid</source>
        <translation>网格</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>线程块</translation>
    </message>
    <message>
        <source>Launched by</source>
        <translation>启动者</translation>
    </message>
</context>
<context>
    <name>tracelane::MainWindow</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Tracelane</source>
        <translation>Tracelane</translation>
    </message>
    <message>
        <source>Tracks</source>
        <translation>轨道</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详细信息</translation>
    </message>
    <message>
        <source>Import Warnings</source>
        <translation>导入警告</translation>
    </message>
    <message>
        <source>Loading %1 cancelled</source>
        <translation>已取消加载 %1</translation>
    </message>
    <message>
        <source>Cursor: %1</source>
        <translation>光标：%1</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>%1 — Tracelane</source>
        <translation>%1 — Tracelane</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s), %1</source>
        <translation>
            <numerusform>%n 个事件，%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>查找(&amp;F)…</translation>
    </message>
    <message>
        <source>Find &amp;Next</source>
        <translation>查找下一个(&amp;N)</translation>
    </message>
    <message>
        <source>Find &amp;Previous</source>
        <translation>查找上一个(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Show &amp;All Flows</source>
        <translation>显示所有流(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Dark Timeline</source>
        <translation>深色时间线(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About Tracelane</source>
        <translation>关于 Tracelane(&amp;A)</translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>清除列表</translation>
    </message>
    <message>
        <source>Open Trace</source>
        <translation>打开跟踪</translation>
    </message>
    <message>
        <source>Pr&amp;eferences…</source>
        <translation>首选项(&amp;E)…</translation>
    </message>
    <message>
        <source>The iteration pattern needs exactly one group for the number; using the automatic pattern.</source>
        <translation>迭代模式必须恰好包含一个表示编号的分组；将使用自动模式。</translation>
    </message>
    <message>
        <source>The iteration pattern is not a valid regular expression; using the automatic pattern.</source>
        <translation>迭代模式不是有效的正则表达式；将使用自动模式。</translation>
    </message>
    <message>
        <source>Top ops:</source>
        <translation>前几个操作：</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Breakdown</source>
        <translation>分解</translation>
    </message>
    <message>
        <source>Summaries</source>
        <translation>汇总</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Iterations Chart…</source>
        <translation>迭代图表(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Breakdown Chart…</source>
        <translation>分解图表(&amp;B)…</translation>
    </message>
    <message>
        <source>Current &amp;Summary Table as CSV…</source>
        <translation>当前汇总表格导出为 CSV(&amp;S)…</translation>
    </message>
    <message>
        <source>CPU ops</source>
        <translation>CPU 算子</translation>
    </message>
    <message>
        <source>Ranges</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>Break down CPU operators or NVTX / annotation ranges</source>
        <translation>按 CPU 算子或 NVTX / 注解范围分解</translation>
    </message>
    <message>
        <source>Nesting depth of the ops or ranges to break down (0: the outermost)</source>
        <translation>要分解的算子或范围的嵌套深度（0：最外层）</translation>
    </message>
    <message>
        <source>Depth:</source>
        <translation>深度：</translation>
    </message>
    <message>
        <source>Kernel Statistics</source>
        <translation>内核统计</translation>
    </message>
    <message>
        <source>&amp;Kernel Statistics Chart…</source>
        <translation>内核统计图(&amp;K)…</translation>
    </message>
    <message>
        <source>Shade &amp;Idle Gaps</source>
        <translation>为空闲间隙着色(&amp;I)</translation>
    </message>
    <message>
        <source>Shade the idle gaps of GPU streams by cause: host wait, kernel wait or other</source>
        <translation>按原因为 GPU 流的空闲间隙着色：主机等待、内核等待或其他</translation>
    </message>
    <message>
        <source>&amp;Queue Depth Lanes</source>
        <translation>队列深度轨道(&amp;Q)</translation>
    </message>
    <message>
        <source>A lane under each GPU stream with its launched operations that have not started yet</source>
        <translation>在每个 GPU 流下方添加一条轨道，显示已启动但尚未开始的操作</translation>
    </message>
    <message>
        <source>Efficiency</source>
        <translation>效率</translation>
    </message>
    <message>
        <source>&amp;GPU Time Chart…</source>
        <translation>GPU 时间图表(&amp;G)…</translation>
    </message>
    <message>
        <source>I&amp;dle Causes Chart…</source>
        <translation>空闲原因图表(&amp;D)…</translation>
    </message>
    <message>
        <source>&amp;Launch Delay Chart…</source>
        <translation>启动延迟图表(&amp;L)…</translation>
    </message>
    <message>
        <source>%1 has no events</source>
        <translation>%1 不包含任何事件</translation>
    </message>
    <message>
        <source>%1 stops early: the events before the cut were loaded (%2); see Import Warnings</source>
        <translation>%1 提前结束：已加载截断之前的事件（%2）；请参阅导入警告</translation>
    </message>
    <message>
        <source>Export Trace as Chrome JSON</source>
        <translation>将跟踪导出为 Chrome JSON</translation>
    </message>
    <message>
        <source>Chrome trace (*.json.gz *.json)</source>
        <translation>Chrome 跟踪 (*.json.gz *.json)</translation>
    </message>
    <message>
        <source>Exporting %1…</source>
        <translation>正在导出 %1…</translation>
    </message>
    <message numerus="yes">
        <source>Wrote %1: %n event(s)</source>
        <translation>
            <numerusform>已写入 %1：%n 个事件</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not export %1</source>
        <translation>无法导出 %1</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>&amp;Trace as Chrome JSON…</source>
        <translation>跟踪为 Chrome JSON(&amp;T)…</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>Markers</source>
        <translation>标记</translation>
    </message>
    <message>
        <source>&amp;Markers</source>
        <translation>标记(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Show Markers List</source>
        <translation>显示标记列表(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Remove Selected Marker</source>
        <translation>移除所选标记(&amp;R)</translation>
    </message>
    <message>
        <source>Remove A&amp;ll Markers</source>
        <translation>移除全部标记(&amp;L)</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Export Timeline as Image</source>
        <translation>将时间线导出为图像</translation>
    </message>
    <message>
        <source>Time&amp;line as Image…</source>
        <translation>时间线图像(&amp;L)…</translation>
    </message>
    <message>
        <source>Hide &amp;Python Frames</source>
        <translation>隐藏 &amp;Python 帧</translation>
    </message>
    <message>
        <source>Fold away the Python frames of a trace recorded with stacks; operators move up to the top rows</source>
        <translation>折叠带调用栈记录的跟踪中的 Python 帧；算子上移到最上面的行</translation>
    </message>
    <message>
        <source>Instances</source>
        <translation>实例</translation>
    </message>
    <message>
        <source>Matches of “%1”</source>
        <translation>“%1”的匹配项</translation>
    </message>
    <message>
        <source>Selection</source>
        <translation>选区</translation>
    </message>
    <message>
        <source>Zoom I&amp;n</source>
        <translation>放大(&amp;N)</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>Pan &amp;Left</source>
        <translation>向左平移(&amp;L)</translation>
    </message>
    <message>
        <source>Pan &amp;Right</source>
        <translation>向右平移(&amp;R)</translation>
    </message>
    <message>
        <source>Show &amp;Whole Trace</source>
        <translation>显示整个跟踪(&amp;W)</translation>
    </message>
    <message>
        <source>Go to &amp;End</source>
        <translation>转到末尾(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Zoom to Selected Range</source>
        <translation>缩放到所选范围(&amp;Z)</translation>
    </message>
    <message>
        <source>&amp;Fit Selection</source>
        <translation>适配所选(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Add Marker</source>
        <translation>添加标记(&amp;A)</translation>
    </message>
    <message>
        <source>Co&amp;mpare With…</source>
        <translation>与…比较(&amp;M)</translation>
    </message>
    <message>
        <source>Compare With Trace</source>
        <translation>与跟踪比较</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Loading %1 to compare…</source>
        <translation>正在加载 %1 以进行比较…</translation>
    </message>
    <message>
        <source>Control: %1 — Test: %2</source>
        <translation>对照：%1 — 测试：%2</translation>
    </message>
    <message>
        <source>No “%1” in this trace</source>
        <translation>此跟踪中没有“%1”</translation>
    </message>
    <message>
        <source>Open &amp;Folder…</source>
        <translation>打开文件夹(&amp;F)…</translation>
    </message>
    <message>
        <source>Open the trace files of a folder (the ranks of a run) in one window</source>
        <translation>在一个窗口中打开文件夹中的跟踪文件（一次运行的各个 rank）</translation>
    </message>
    <message numerus="yes">
        <source>%n traces</source>
        <translation>
            <numerusform>%n 个跟踪</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 holds no trace files (.json, .json.gz, .sqlite, .nvvp)</source>
        <translation>%1 中没有跟踪文件（.json、.json.gz、.sqlite、.nvvp）</translation>
    </message>
    <message>
        <source>Open Folder of Traces</source>
        <translation>打开跟踪文件夹</translation>
    </message>
    <message>
        <source>Align &amp;Traces</source>
        <translation>对齐跟踪(&amp;T)</translation>
    </message>
    <message>
        <source>Where several traces open together sit against each other in time</source>
        <translation>同时打开的多个跟踪在时间上如何相互对齐</translation>
    </message>
    <message>
        <source>By &amp;Common Clock</source>
        <translation>按共同时钟(&amp;C)</translation>
    </message>
    <message>
        <source>By Trace &amp;Start</source>
        <translation>按跟踪开始(&amp;S)</translation>
    </message>
    <message>
        <source>By First &amp;Iteration</source>
        <translation>按第一个迭代(&amp;I)</translation>
    </message>
    <message>
        <source>Loading %1 (%2 of %3)…</source>
        <translation>正在加载 %1（第 %2 个，共 %3 个）…</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>各 Rank</translation>
    </message>
    <message>
        <source>Look through wrappers</source>
        <translation>穿透包装层</translation>
    </message>
    <message>
        <source>Show what “Torch-Compiled Region”, “ProfilerStep#N” and “autograd::engine::evaluate_function” hold in their place, as if they were not a level</source>
        <translation>显示“Torch-Compiled Region”、“ProfilerStep#N”和“autograd::engine::evaluate_function”所包含的内容来代替它们，如同它们不是一层</translation>
    </message>
    <message>
        <source>Could not compare</source>
        <translation>无法比较</translation>
    </message>
    <message>
        <source>C&amp;ritical Path Chart…</source>
        <translation>关键路径图表(&amp;R)…</translation>
    </message>
    <message>
        <source>Critical Path</source>
        <translation>关键路径</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Show &amp;Critical Path</source>
        <translation>显示关键路径(&amp;C)</translation>
    </message>
    <message>
        <source>Outline the events on the critical path of the step the Critical Path dock shows, with arrows where it changes lane</source>
        <translation>勾勒出“关键路径”面板所示步骤的关键路径上的事件，并在路径换道处绘制箭头</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>&amp;Memory Chart…</source>
        <translation>内存图表(&amp;M)…</translation>
    </message>
    <message>
        <source>Traces (*.json *.json.gz *.gz *.sqlite *.nvvp *.prof *.db *.rpd *.pb *.pftrace *.perfetto-trace *.nsys-rep *.qdrep);;All files (*)</source>
        <translation>跟踪文件 (*.json *.json.gz *.gz *.sqlite *.nvvp *.prof *.db *.rpd *.pb *.pftrace *.perfetto-trace *.nsys-rep *.qdrep);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open as Ranks</source>
        <translation>按 rank 打开</translation>
    </message>
    <message>
        <source>This file merges the traces of several ranks: open them side by side</source>
        <translation>此文件合并了多个 rank 的跟踪：并排打开它们</translation>
    </message>
    <message numerus="yes">
        <source>%1 merges the traces of %n rank(s)</source>
        <translation>
            <numerusform>%1 合并了 %n 个 rank 的跟踪</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Flame Graph…</source>
        <translation>火焰图(&amp;F)…</translation>
    </message>
    <message>
        <source>Tree</source>
        <translation>树</translation>
    </message>
    <message>
        <source>Collective &amp;Wait</source>
        <translation>集合通信等待(&amp;W)</translation>
    </message>
    <message>
        <source>Hatch the part of each collective kernel that waited for the other ranks, on every rank (several traces opened together)</source>
        <translation>在每个 rank 上为每个集合通信 kernel 中等待其他 rank 的部分加阴影线（多个 trace 一起打开时）</translation>
    </message>
    <message>
        <source>Transfer and &amp;Wait Chart…</source>
        <translation>传输与等待图(&amp;W)…</translation>
    </message>
    <message>
        <source>&amp;Pace Chart…</source>
        <translation>节奏图(&amp;P)…</translation>
    </message>
</context>
<context>
    <name>tracelane::MarkerPanel</name>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>No markers. Press M on the timeline to mark the selected event or the time under the mouse.</source>
        <translation>没有标记。在时间线上按 M 标记所选事件或鼠标下的时间。</translation>
    </message>
    <message>
        <source>Remove Marker</source>
        <translation>移除标记</translation>
    </message>
</context>
<context>
    <name>tracelane::MarkerSet</name>
    <message>
        <source>Marker %1</source>
        <translation>标记 %1</translation>
    </message>
</context>
<context>
    <name>tracelane::MemoryPanel</name>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>By Operator</source>
        <translation>按算子</translation>
    </message>
    <message>
        <source>At the Peak</source>
        <translation>峰值时</translation>
    </message>
    <message>
        <source>Open a trace to see where its memory goes.</source>
        <translation>打开 Trace 以查看其内存的去向。</translation>
    </message>
    <message>
        <source>Reading the memory events…</source>
        <translation>正在读取内存事件…</translation>
    </message>
    <message>
        <source>Over Time</source>
        <translation>随时间变化</translation>
    </message>
    <message>
        <source>This trace has no memory records. Record them with torch.profiler.profile(profile_memory=True), with nsys profile --cuda-memory-usage=true, or open a snapshot saved by torch.cuda.memory._dump_snapshot().</source>
        <translation>此 Trace 没有内存记录。请用 torch.profiler.profile(profile_memory=True) 或 nsys profile --cuda-memory-usage=true 记录，或打开由 torch.cuda.memory._dump_snapshot() 保存的快照。</translation>
    </message>
    <message>
        <source>Never Freed</source>
        <translation>从未释放</translation>
    </message>
</context>
<context>
    <name>tracelane::PacePanel</name>
    <message>
        <source>Click a row to show the iteration on every rank</source>
        <translation>点击一行以在每个 rank 上显示该迭代</translation>
    </message>
    <message>
        <source>No iterations (ProfilerStep#N or Iteration N ranges) in these traces.</source>
        <translation>这些 trace 中没有迭代（ProfilerStep#N 或 Iteration N 范围）。</translation>
    </message>
    <message numerus="yes">
        <source>%n iteration(s) over %1 ranks; </source>
        <translation>
            <numerusform>%1 个 rank 上共 %n 次迭代；</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n outlier(s) (more than %1 median absolute deviations from the median).</source>
        <translation>
            <numerusform>%n 个离群值（偏离中位数超过 %1 个中位数绝对偏差）。</numerusform>
        </translation>
    </message>
    <message>
        <source>The ranks share no clock: starts are placed by their first events.</source>
        <translation>各 rank 没有共同时钟：开始时间按各自的第一个事件对齐。</translation>
    </message>
</context>
<context>
    <name>tracelane::PathStepModel</name>
    <message>
        <source>its own time</source>
        <translation>自身时间</translation>
    </message>
    <message>
        <source>around its children</source>
        <translation>子事件之外</translation>
    </message>
    <message>
        <source>before it, on its thread</source>
        <translation>其之前（同一线程）</translation>
    </message>
    <message>
        <source>from the step&apos;s start</source>
        <translation>自步骤开始</translation>
    </message>
    <message>
        <source>thread start</source>
        <translation>线程开始</translation>
    </message>
    <message>
        <source>launch</source>
        <translation>启动</translation>
    </message>
    <message>
        <source>stream order</source>
        <translation>流顺序</translation>
    </message>
    <message>
        <source>sync wait</source>
        <translation>同步等待</translation>
    </message>
    <message>
        <source>stream wait</source>
        <translation>流等待</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Cause</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Dependency</source>
        <translation>依赖</translation>
    </message>
    <message>
        <source>On Path</source>
        <translation>路径上</translation>
    </message>
    <message>
        <source>Event Start</source>
        <translation>事件开始</translation>
    </message>
</context>
<context>
    <name>tracelane::PivotModel</name>
    <message>
        <source>Group</source>
        <translation>分组</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>自身</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大</translation>
    </message>
</context>
<context>
    <name>tracelane::PivotView</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>种类</translation>
    </message>
    <message>
        <source>Thread</source>
        <translation>线程</translation>
    </message>
    <message>
        <source>Stream</source>
        <translation>流</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Enclosing range</source>
        <translation>外层范围</translation>
    </message>
    <message>
        <source>Module</source>
        <translation>模块</translation>
    </message>
    <message>
        <source>Argument</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Expand All</source>
        <translation>全部展开</translation>
    </message>
    <message>
        <source>Collapse All</source>
        <translation>全部折叠</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <source>Group by</source>
        <translation>分组依据</translation>
    </message>
    <message>
        <source>then by</source>
        <translation>然后按</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>The argument the Argument dimension groups by</source>
        <translation>“参数”维度按其分组的参数</translation>
    </message>
    <message>
        <source>Argument:</source>
        <translation>参数：</translation>
    </message>
    <message>
        <source>No trace loaded.</source>
        <translation>未加载 Trace。</translation>
    </message>
    <message>
        <source>Grouping the events…</source>
        <translation>正在对事件分组…</translation>
    </message>
    <message>
        <source>the selection</source>
        <translation>选区</translation>
    </message>
    <message>
        <source>the whole trace</source>
        <translation>整个 Trace</translation>
    </message>
    <message>
        <source>No events in %1.</source>
        <translation>%1中没有事件。</translation>
    </message>
    <message>
        <source>%1 events of %2 in %3 groups</source>
        <translation>%2 中的 %1 个事件，共 %3 组</translation>
    </message>
    <message>
        <source>Export Pivot Table</source>
        <translation>导出透视表</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>Longest of %1</source>
        <translation>%1 中最长的</translation>
    </message>
</context>
<context>
    <name>tracelane::PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>系统语言</translation>
    </message>
    <message>
        <source>Same as the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Nanoseconds (ns)</source>
        <translation>纳秒 (ns)</translation>
    </message>
    <message>
        <source>Microseconds (µs)</source>
        <translation>微秒 (µs)</translation>
    </message>
    <message>
        <source>Milliseconds (ms)</source>
        <translation>毫秒 (ms)</translation>
    </message>
    <message>
        <source>Seconds (s)</source>
        <translation>秒 (s)</translation>
    </message>
    <message>
        <source>A regular expression for the names of the ranges that mark iterations; the first captured number is the iteration number.</source>
        <translation>用于匹配标记迭代的范围名称的正则表达式；第一个捕获的数字即为迭代编号。</translation>
    </message>
    <message>
        <source>A new language is used after Tracelane is restarted.</source>
        <translation>新的语言将在 Tracelane 重新启动后生效。</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>主题(&amp;T)：</translation>
    </message>
    <message>
        <source>T&amp;ime unit:</source>
        <translation>时间单位(&amp;I)：</translation>
    </message>
    <message>
        <source>Iteration &amp;pattern:</source>
        <translation>迭代模式(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Recent files:</source>
        <translation>最近文件数(&amp;R)：</translation>
    </message>
    <message>
        <source>Enter a pattern.</source>
        <translation>请输入一个模式。</translation>
    </message>
    <message>
        <source>Not a valid regular expression: %1</source>
        <translation>不是有效的正则表达式：%1</translation>
    </message>
</context>
<context>
    <name>tracelane::QueryPanel</name>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Run the query (Ctrl+Enter)</source>
        <translation>运行查询（Ctrl+Enter）</translation>
    </message>
    <message>
        <source>Examples</source>
        <translation>示例</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>正在运行…</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>已停止。</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>first %L1 rows shown</source>
        <translation>显示前 %L1 行</translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s)</source>
        <translation>
            <numerusform>%Ln 行</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 in %L2 ms</source>
        <translation>%1，用时 %L2 毫秒</translation>
    </message>
</context>
<context>
    <name>tracelane::RangeKernelsPanel</name>
    <message>
        <source>CPU duration:</source>
        <translation>CPU 持续时间：</translation>
    </message>
    <message>
        <source>GPU projected span:</source>
        <translation>GPU 投影跨度：</translation>
    </message>
    <message>
        <source>Summed GPU time:</source>
        <translation>GPU 时间总和：</translation>
    </message>
    <message>
        <source>GPU operations:</source>
        <translation>GPU 操作：</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Stream</source>
        <translation>流</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>持续时间</translation>
    </message>
    <message>
        <source>Grid</source>
        <translation>网格</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>线程块</translation>
    </message>
    <message>
        <source>Double-click a row to select it on the timeline</source>
        <translation>双击一行即可在时间线上选中它</translation>
    </message>
    <message>
        <source>Select a range or CPU op to see the GPU work it launched.</source>
        <translation>选择一个范围或 CPU 操作，查看它启动的 GPU 工作。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 from %2</source>
        <translation>%1，起始于 %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 (from %n launch call(s))</source>
        <translation>
            <numerusform>%1（来自 %n 次启动调用）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Launched GPU work: %n op(s)</source>
        <translation>
            <numerusform>启动的 GPU 工作：%n 个操作</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Overlapping on the GPU: %n op(s)</source>
        <translation>
            <numerusform>GPU 上重叠：%n 个操作</numerusform>
        </translation>
    </message>
    <message>
        <source>GPU work of &lt;b&gt;%1&lt;/b&gt;, at %2 for %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 的 GPU 工作，开始于 %2，持续 %3</translation>
    </message>
    <message>
        <source>Launched from:</source>
        <translation>启动自：</translation>
    </message>
    <message>
        <source>this thread only: %1</source>
        <translation>仅此线程：%1</translation>
    </message>
    <message>
        <source>all threads of the process: %1</source>
        <translation>进程的所有线程：%1</translation>
    </message>
    <message>
        <source>All threads (%1)</source>
        <translation>所有线程（%1）</translation>
    </message>
    <message>
        <source>All threads</source>
        <translation>所有线程</translation>
    </message>
    <message>
        <source>This thread (%1)</source>
        <translation>此线程（%1）</translation>
    </message>
    <message>
        <source>This thread</source>
        <translation>此线程</translation>
    </message>
    <message>
        <source>Which launch calls count as the range&apos;s: those of every thread of its process (the PyTorch profiler&apos;s and HTA&apos;s steps and phases), or only those of the range&apos;s own thread (nsys&apos;s NVTX GPU projection). An op always counts what its own thread launched.</source>
        <translation>哪些启动调用计入该范围：其进程所有线程的调用（与 PyTorch 性能分析器和 HTA 的步骤、阶段一致），或仅该范围所在线程的调用（nsys 的 NVTX GPU 投影）。操作始终只计其所在线程启动的工作。</translation>
    </message>
    <message>
        <source>launched by its own thread</source>
        <translation>由其所在线程启动</translation>
    </message>
</context>
<context>
    <name>tracelane::RankPanel</name>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>Open several traces (File &gt; Open, a folder of ranks, or drop them) to compare ranks.</source>
        <translation>打开多个跟踪（文件 &gt; 打开、一个包含各 rank 的文件夹，或将它们拖放到此处）以比较各 rank。</translation>
    </message>
    <message>
        <source>Per iteration: the rank that entered the iteration&apos;s collectives last, and how much later than the first. Click a row to show it.</source>
        <translation>每次迭代：最后进入该迭代集合通信的 rank，以及比第一个晚多少。单击一行以显示它。</translation>
    </message>
    <message>
        <source>A rank enters an iteration&apos;s collectives with the first communication kernel launched from that iteration. Iterations with collectives in at least two ranks are listed.</source>
        <translation>rank 以该迭代启动的第一个通信 kernel 进入其集合通信。列出至少在两个 rank 中有集合通信的迭代。</translation>
    </message>
    <message>
        <source>No iteration has collectives in two or more ranks.</source>
        <translation>没有迭代在两个或更多 rank 中有集合通信。</translation>
    </message>
    <message>
        <source>Straggler: the rank with the largest median iteration time</source>
        <translation>掉队者：迭代时间中位数最大的 rank</translation>
    </message>
    <message>
        <source>No straggler: fewer than two ranks have iterations (ProfilerStep#N or Iteration N ranges).</source>
        <translation>没有掉队者：有迭代（ProfilerStep#N 或 Iteration N 范围）的 rank 少于两个。</translation>
    </message>
    <message>
        <source>Straggler: %1, median %2 (%3 slower than the fastest)</source>
        <translation>掉队者：%1，中位数 %2（比最快的慢 %3）</translation>
    </message>
    <message>
        <source>These traces have no common time base (epoch time), so each rank&apos;s lag is measured from the start of its own trace.</source>
        <translation>这些跟踪没有共同的时间基准（纪元时间），因此每个 rank 的滞后从其自身跟踪的开始计算。</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>各 Rank</translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Pace</source>
        <translation>节奏</translation>
    </message>
</context>
<context>
    <name>tracelane::RankTableModel</name>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>%1 ns</source>
        <translation>%1 ns</translation>
    </message>
</context>
<context>
    <name>tracelane::SearchBar</name>
    <message>
        <source>Find:</source>
        <translation>查找：</translation>
    </message>
    <message>
        <source>Regular expression over event names</source>
        <translation>匹配事件名称的正则表达式</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>上一个</translation>
    </message>
    <message>
        <source>Previous match (Shift+Enter)</source>
        <translation>上一个匹配 (Shift+Enter)</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一个</translation>
    </message>
    <message>
        <source>Next match (Enter)</source>
        <translation>下一个匹配 (Enter)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Close the search bar (Esc)</source>
        <translation>关闭搜索栏 (Esc)</translation>
    </message>
    <message>
        <source>No matches</source>
        <translation>无匹配</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n 个匹配</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>第 %1 个，共 %2 个</translation>
    </message>
    <message>
        <source>List All</source>
        <translation>全部列出</translation>
    </message>
    <message>
        <source>List every match in the Instances panel (Alt+Enter)</source>
        <translation>在“实例”面板中列出所有匹配项（Alt+Enter）</translation>
    </message>
</context>
<context>
    <name>tracelane::SelectionPanel</name>
    <message>
        <source>Summarising the selection…</source>
        <translation>正在汇总选区…</translation>
    </message>
    <message>
        <source>Shift+drag across lanes on the timeline, or drag in its ruler, to select an area.</source>
        <translation>在时间线上按住 Shift 跨泳道拖动，或在标尺中拖动，以选择一个区域。</translation>
    </message>
    <message>
        <source>all lanes</source>
        <translation>全部泳道</translation>
    </message>
    <message>
        <source>%1 of %2 lanes</source>
        <translation>%2 条泳道中的 %1 条</translation>
    </message>
    <message>
        <source>%1 – %2, length %3 · %4</source>
        <translation>%1 – %2，长度 %3 · %4</translation>
    </message>
    <message>
        <source>GPU busy %1 (%2 %), idle %3</source>
        <translation>GPU 忙碌 %1（%2 %），空闲 %3</translation>
    </message>
    <message>
        <source>no events in the selection</source>
        <translation>选区内没有事件</translation>
    </message>
    <message>
        <source>List Instances</source>
        <translation>列出实例</translation>
    </message>
    <message>
        <source>%1 in the selection</source>
        <translation>选区中的 %1</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Pivot</source>
        <translation>透视表</translation>
    </message>
</context>
<context>
    <name>tracelane::ShortcutsDialog</name>
    <message>
        <source>Mouse wheel</source>
        <translation>鼠标滚轮</translation>
    </message>
    <message>
        <source>Zoom in or out around the mouse</source>
        <translation>以鼠标位置为中心放大或缩小</translation>
    </message>
    <message>
        <source>Zoom in / out (around the mouse when it is over the timeline)</source>
        <translation>放大 / 缩小（鼠标在时间线上时以鼠标为中心）</translation>
    </message>
    <message>
        <source>A / D</source>
        <translation>A / D</translation>
    </message>
    <message>
        <source>Pan left / right</source>
        <translation>向左 / 向右平移</translation>
    </message>
    <message>
        <source>Drag</source>
        <translation>拖动</translation>
    </message>
    <message>
        <source>Pan in time and scroll the tracks</source>
        <translation>在时间上平移并滚动轨道</translation>
    </message>
    <message>
        <source>Scroll the tracks</source>
        <translation>滚动轨道</translation>
    </message>
    <message>
        <source>Shift+Drag</source>
        <translation>Shift+拖动</translation>
    </message>
    <message>
        <source>Z, double-click</source>
        <translation>Z，双击</translation>
    </message>
    <message>
        <source>Zoom to the selected time range</source>
        <translation>缩放到所选时间范围</translation>
    </message>
    <message>
        <source>F</source>
        <translation>F</translation>
    </message>
    <message>
        <source>Fit the selected event (or the selected time range)</source>
        <translation>适配所选事件（或所选时间范围）</translation>
    </message>
    <message>
        <source>Home</source>
        <translation>Home</translation>
    </message>
    <message>
        <source>Show the whole trace</source>
        <translation>显示整个跟踪</translation>
    </message>
    <message>
        <source>Click</source>
        <translation>单击</translation>
    </message>
    <message>
        <source>Select an event; its details and linked events appear in Details</source>
        <translation>选择一个事件；其详细信息和关联事件显示在“详细信息”中</translation>
    </message>
    <message>
        <source>Click a merged block</source>
        <translation>单击合并块</translation>
    </message>
    <message>
        <source>Zoom in until its events can be told apart</source>
        <translation>放大直到其中的事件可以区分</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Clear the selection</source>
        <translation>清除选择</translation>
    </message>
    <message>
        <source>Up / Down</source>
        <translation>上 / 下</translation>
    </message>
    <message>
        <source>Click a group name</source>
        <translation>单击组名</translation>
    </message>
    <message>
        <source>Collapse or expand the group</source>
        <translation>折叠或展开该组</translation>
    </message>
    <message>
        <source>Ctrl+F</source>
        <translation>Ctrl+F</translation>
    </message>
    <message>
        <source>Find events by name (a regular expression)</source>
        <translation>按名称查找事件（正则表达式）</translation>
    </message>
    <message>
        <source>Enter / Shift+Enter</source>
        <translation>Enter / Shift+Enter</translation>
    </message>
    <message>
        <source>Next / previous match</source>
        <translation>下一个 / 上一个匹配</translation>
    </message>
    <message>
        <source>Alt+Up / Alt+Down</source>
        <translation>Alt+上 / Alt+下</translation>
    </message>
    <message>
        <source>Move the current group or track in the track list</source>
        <translation>在轨道列表中移动当前组或轨道</translation>
    </message>
    <message>
        <source>Ctrl+O</source>
        <translation>Ctrl+O</translation>
    </message>
    <message>
        <source>Open a trace (or drop a file on the window)</source>
        <translation>打开跟踪（或将文件拖放到窗口上）</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>M</source>
        <translation>M</translation>
    </message>
    <message>
        <source>Add a marker: the selected event&apos;s start and end (once marked: the time under the mouse, else the centre of the view)</source>
        <translation>添加标记：所选事件的开始和结束（若已标记：鼠标下的时间，否则为视图中心）</translation>
    </message>
    <message>
        <source>Click a marker flag</source>
        <translation>单击标记旗标</translation>
    </message>
    <message>
        <source>Select the marker in the ruler and in the Markers list</source>
        <translation>在标尺和标记列表中选中该标记</translation>
    </message>
    <message>
        <source>Double-click a marker (Markers list)</source>
        <translation>双击标记（标记列表）</translation>
    </message>
    <message>
        <source>Centre the timeline on it</source>
        <translation>将时间线居中到该标记</translation>
    </message>
    <message>
        <source>F2 / Delete (Markers list)</source>
        <translation>F2 / Delete（标记列表）</translation>
    </message>
    <message>
        <source>Rename / remove the selected marker</source>
        <translation>重命名 / 移除所选标记</translation>
    </message>
    <message>
        <source>Select an area: the dragged time on the lanes crossed, summarised in Selection</source>
        <translation>选择一个区域：拖过的时间与经过的泳道，汇总显示在“选区”中</translation>
    </message>
    <message>
        <source>Drag in the ruler</source>
        <translation>在标尺中拖动</translation>
    </message>
    <message>
        <source>Select a time range over all lanes</source>
        <translation>在全部泳道上选择一个时间范围</translation>
    </message>
    <message>
        <source>Alt+Enter</source>
        <translation>Alt+Enter</translation>
    </message>
    <message>
        <source>List every match in the Instances panel</source>
        <translation>在“实例”面板中列出所有匹配项</translation>
    </message>
    <message>
        <source>Click &quot;▸ N more rows&quot;</source>
        <translation>点击&quot;▸ 另外 N 行&quot;</translation>
    </message>
    <message>
        <source>Show every row of a deep lane (click again to fold it)</source>
        <translation>显示深泳道的所有行（再次点击折叠）</translation>
    </message>
    <message>
        <source>Right-click a track name</source>
        <translation>右键点击轨道名称</translation>
    </message>
    <message>
        <source>Pin to Top / Unpin, Hide Python Frames</source>
        <translation>固定到顶部 / 取消固定，隐藏 Python 帧</translation>
    </message>
    <message>
        <source>W / S, + / −</source>
        <translation>W / S, + / −</translation>
    </message>
    <message>
        <source>Shift+Wheel, sideways wheel</source>
        <translation>Shift+滚轮、横向滚轮</translation>
    </message>
    <message>
        <source>Pan left / right (touchpads swipe sideways)</source>
        <translation>向左 / 向右平移(触控板横向滑动)</translation>
    </message>
    <message>
        <source>Alt+Wheel, wheel over the track names</source>
        <translation>Alt+滚轮、在轨道名称上滚动</translation>
    </message>
    <message>
        <source>End</source>
        <translation>End</translation>
    </message>
    <message>
        <source>Go to the end of the trace</source>
        <translation>转到跟踪末尾</translation>
    </message>
    <message>
        <source>The timeline&apos;s keys work while the mouse is over it, whichever panel has the focus.</source>
        <translation>鼠标位于时间线上方时,无论哪个面板拥有焦点,时间线的按键都有效。</translation>
    </message>
</context>
<context>
    <name>tracelane::SnapshotPages</name>
    <message>
        <source>Click an allocation to see the stack that made it.</source>
        <translation>点击一个分配以查看创建它的调用栈。</translation>
    </message>
    <message>
        <source>No out-of-memory event in this snapshot.</source>
        <translation>此快照中没有内存不足事件。</translation>
    </message>
    <message numerus="yes">
        <source>%n allocation(s) failed for want of memory: what was asked, what CUDA had free, and the allocator&apos;s totals at that moment.</source>
        <translation>
            <numerusform>%n 次分配因内存不足失败：请求的大小、CUDA 当时的空闲内存，以及分配器当时的总量。</numerusform>
        </translation>
    </message>
    <message>
        <source>Active Memory</source>
        <translation>活动内存</translation>
    </message>
    <message>
        <source>Allocations</source>
        <translation>分配列表</translation>
    </message>
    <message>
        <source>Segments</source>
        <translation>段</translation>
    </message>
    <message>
        <source>Out of Memory</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <source>The snapshot recorded no stack for this allocation.</source>
        <translation>快照未记录此分配的调用栈。</translation>
    </message>
</context>
<context>
    <name>tracelane::StructurePanel</name>
    <message>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Modules</source>
        <translation>模块</translation>
    </message>
    <message>
        <source>Python stacks</source>
        <translation>Python 调用栈</translation>
    </message>
    <message>
        <source>Ranges</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>CPU ops</source>
        <translation>CPU 算子</translation>
    </message>
    <message>
        <source>The levels of the tree: nn.Module frames (with_modules), Python frames (with_stack), NVTX / record_function ranges, or CPU ops</source>
        <translation>树的层级：nn.Module 帧（with_modules）、Python 帧（with_stack）、NVTX / record_function 范围或 CPU 算子</translation>
    </message>
    <message>
        <source>CPU time</source>
        <translation>CPU 时间</translation>
    </message>
    <message>
        <source>GPU time</source>
        <translation>GPU 时间</translation>
    </message>
    <message>
        <source>What the flame graph&apos;s widths show; GPU time is the work each node launched</source>
        <translation>火焰图宽度所表示的量；GPU 时间是每个节点启动的工作</translation>
    </message>
    <message>
        <source>Show the GPU operations each node launched as leaves under it</source>
        <translation>将每个节点启动的 GPU 操作显示为其下的叶子</translation>
    </message>
    <message>
        <source>Highlight names…</source>
        <translation>高亮名称…</translation>
    </message>
    <message>
        <source>Tree</source>
        <translation>树</translation>
    </message>
    <message>
        <source>Flame Graph</source>
        <translation>火焰图</translation>
    </message>
    <message>
        <source>By:</source>
        <translation>按：</translation>
    </message>
    <message>
        <source>Scope:</source>
        <translation>范围：</translation>
    </message>
    <message>
        <source>Width:</source>
        <translation>宽度：</translation>
    </message>
    <message>
        <source>List Instances</source>
        <translation>列出实例</translation>
    </message>
    <message>
        <source>Show in Flame Graph</source>
        <translation>在火焰图中显示</translation>
    </message>
    <message>
        <source>Building the tree…</source>
        <translation>正在构建树…</translation>
    </message>
    <message>
        <source>Open a trace to see where its time goes by structure.</source>
        <translation>打开一个 Trace，按结构查看时间花在哪里。</translation>
    </message>
    <message>
        <source>Whole trace</source>
        <translation>整个 Trace</translation>
    </message>
    <message>
        <source>Selection</source>
        <translation>选区</translation>
    </message>
    <message>
        <source>Iteration %1</source>
        <translation>迭代 %1</translation>
    </message>
    <message>
        <source>No nn.Module frames in this scope: record with torch.profiler.profile(with_modules=True) or with_stack=True.</source>
        <translation>此范围内没有 nn.Module 帧：请使用 torch.profiler.profile(with_modules=True) 或 with_stack=True 录制。</translation>
    </message>
    <message>
        <source>No Python frames in this scope: record with torch.profiler.profile(with_stack=True).</source>
        <translation>此范围内没有 Python 帧：请使用 torch.profiler.profile(with_stack=True) 录制。</translation>
    </message>
    <message>
        <source>No NVTX or record_function ranges in this scope.</source>
        <translation>此范围内没有 NVTX 或 record_function 范围。</translation>
    </message>
    <message>
        <source>No CPU ops in this scope.</source>
        <translation>此范围内没有 CPU 算子。</translation>
    </message>
    <message numerus="yes">
        <source>%n nodes from %1 events</source>
        <translation>
            <numerusform>%n 个节点，来自 %1 个事件</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 GPU operations, %2 of GPU time</source>
        <translation>%1 个 GPU 操作，GPU 时间 %2</translation>
    </message>
    <message>
        <source>%1% launched outside the tree</source>
        <translation>%1% 在树之外启动</translation>
    </message>
    <message>
        <source>Instances of “%1”</source>
        <translation>“%1”的实例</translation>
    </message>
    <message>
        <source>All threads</source>
        <translation>所有线程</translation>
    </message>
    <message>
        <source>Count work a thread launched outside its own nodes (the autograd thread&apos;s backward kernels) to the node open at that time on another thread of the process</source>
        <translation>将线程在其自身节点之外启动的工作（autograd 线程的反向内核）计入进程中另一个线程上当时打开的节点</translation>
    </message>
</context>
<context>
    <name>tracelane::StructureTreeModel</name>
    <message>
        <source>Wall time on the thread outside the node&apos;s children</source>
        <translation>线程上节点子项之外的耗时</translation>
    </message>
    <message>
        <source>Wall time of the node&apos;s instances, children included</source>
        <translation>节点各实例的耗时，含子项</translation>
    </message>
    <message>
        <source>GPU time of the work launched in the node, not in a child</source>
        <translation>在节点内（不在子项内）启动的工作的 GPU 时间</translation>
    </message>
    <message>
        <source>GPU time of the work launched in the node and its children</source>
        <translation>在节点及其子项内启动的工作的 GPU 时间</translation>
    </message>
    <message>
        <source>GPU total as a share of all the GPU work launched in scope</source>
        <translation>GPU 总计占范围内所有已启动 GPU 工作的比例</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>调用次数</translation>
    </message>
    <message>
        <source>CPU Self</source>
        <translation>CPU 自身</translation>
    </message>
    <message>
        <source>CPU Total</source>
        <translation>CPU 总计</translation>
    </message>
    <message>
        <source>GPU Self</source>
        <translation>GPU 自身</translation>
    </message>
    <message>
        <source>GPU Total</source>
        <translation>GPU 总计</translation>
    </message>
    <message>
        <source>GPU %</source>
        <translation>GPU 占比</translation>
    </message>
</context>
<context>
    <name>tracelane::SummaryPanel</name>
    <message>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>API Calls</source>
        <translation>API 调用</translation>
    </message>
    <message>
        <source>Ranges</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>Kernel %1</source>
        <translation>内核 %1</translation>
    </message>
    <message>
        <source>API call %1</source>
        <translation>API 调用 %1</translation>
    </message>
    <message>
        <source>Range %1</source>
        <translation>范围 %1</translation>
    </message>
    <message>
        <source>Double-click a row to show its longest instance; right-click it to list all of its instances</source>
        <translation>双击一行显示其最长的实例；右键单击列出其所有实例</translation>
    </message>
</context>
<context>
    <name>tracelane::SummaryTableView</name>
    <message>
        <source>Filter rows…</source>
        <translation>筛选行…</translation>
    </message>
    <message>
        <source>Export as CSV…</source>
        <translation>导出为 CSV…</translation>
    </message>
    <message>
        <source>Could not write &apos;%1&apos;: %2</source>
        <translation>无法写入“%1”：%2</translation>
    </message>
    <message>
        <source>Export Table</source>
        <translation>导出表格</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>List All Instances</source>
        <translation>列出所有实例</translation>
    </message>
    <message>
        <source>Show Longest Instance</source>
        <translation>显示最长实例</translation>
    </message>
</context>
<context>
    <name>tracelane::TimelineExportDialog</name>
    <message>
        <source>Export Timeline</source>
        <translation>导出时间线</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>Width:</source>
        <translation>宽度：</translation>
    </message>
    <message>
        <source>1× (screen)</source>
        <translation>1×（屏幕）</translation>
    </message>
    <message>
        <source>2× (high density)</source>
        <translation>2×（高密度）</translation>
    </message>
    <message>
        <source>Scale:</source>
        <translation>缩放：</translation>
    </message>
    <message>
        <source>Size:</source>
        <translation>尺寸：</translation>
    </message>
    <message>
        <source>%1 × %2 px</source>
        <translation>%1 × %2 像素</translation>
    </message>
    <message>
        <source> (lanes below are cut off)</source>
        <translation>（下方的泳道被截断）</translation>
    </message>
</context>
<context>
    <name>tracelane::TimelineView</name>
    <message>
        <source>%1 events too small to show
%2 – %3
Click to zoom in</source>
        <translation>%1 个事件太小无法显示
%2 – %3
单击以放大</translation>
    </message>
    <message>
        <source>%1
%2 at %3
%4</source>
        <translation>%1
%2，位于 %3
%4</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>取消固定</translation>
    </message>
    <message>
        <source>Pin to Top</source>
        <translation>固定到顶部</translation>
    </message>
    <message>
        <source>Show First %1 Rows</source>
        <translation>显示前 %1 行</translation>
    </message>
    <message>
        <source>Show All %1 Rows</source>
        <translation>显示全部 %1 行</translation>
    </message>
    <message>
        <source>Hide Python Frames</source>
        <translation>隐藏 Python 帧</translation>
    </message>
</context>
<context>
    <name>tracelane::TraceLoader</name>
    <message>
        <source>&apos;%1&apos; needs more memory than is available</source>
        <translation>“%1”所需内存超过可用内存</translation>
    </message>
    <message>
        <source>&apos;%1&apos; could not be shown: %2</source>
        <translation>无法显示“%1”：%2</translation>
    </message>
    <message numerus="yes">
        <source>These %n traces need more memory than is available</source>
        <translation>
            <numerusform>这 %n 个跟踪所需内存超过可用内存</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tracelane::TrackTree</name>
    <message>
        <source>Move Up</source>
        <translation>上移</translation>
    </message>
    <message>
        <source>Move Down</source>
        <translation>下移</translation>
    </message>
    <message>
        <source>Pin to Top</source>
        <translation>固定到顶部</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>取消固定</translation>
    </message>
</context>
<context>
    <name>tracelane::WelcomePanel</name>
    <message>
        <source>No trace open</source>
        <translation>未打开跟踪</translation>
    </message>
    <message>
        <source>Open a trace with %1 (File &gt; Open), drop a trace file on this window, or start Tracelane with the file: &lt;code&gt;tracelane trace.json.gz&lt;/code&gt;.&lt;br&gt;PyTorch Profiler and Chrome trace JSON (.json, .json.gz), Nsight Systems exports (.sqlite, .json) and nvprof files (.nvvp) open directly.</source>
        <translation>使用 %1(文件 &gt; 打开)打开跟踪,将跟踪文件拖放到此窗口,或在启动 Tracelane 时指定文件:&lt;code&gt;tracelane trace.json.gz&lt;/code&gt;。&lt;br&gt;可直接打开 PyTorch Profiler 和 Chrome 跟踪 JSON(.json、.json.gz)、Nsight Systems 导出文件(.sqlite、.json)以及 nvprof 文件(.nvvp)。</translation>
    </message>
    <message>
        <source>Open Trace…</source>
        <translation>打开跟踪…</translation>
    </message>
    <message>
        <source>Recent traces</source>
        <translation>最近的跟踪</translation>
    </message>
</context>
<context>
    <name>tracelane::WindowSummaryModel</name>
    <message>
        <source>CPU ops</source>
        <translation>CPU 算子</translation>
    </message>
    <message>
        <source>Python</source>
        <translation>Python</translation>
    </message>
    <message>
        <source>Ranges</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>API calls</source>
        <translation>API 调用</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Memory ops</source>
        <translation>内存操作</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::ActiveMemoryChart</name>
    <message>
        <source>Active memory: every allocation as a block, stacked as allocated</source>
        <translation>活动内存：每个分配为一个块，按分配顺序堆叠</translation>
    </message>
    <message>
        <source>Device:</source>
        <translation>设备：</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>Time from the first trace entry (%1)</source>
        <translation>自第一个 Trace 条目起的时间（%1）</translation>
    </message>
    <message>
        <source>Allocator event (the snapshot records no times)</source>
        <translation>分配器事件（快照未记录时间）</translation>
    </message>
    <message>
        <source>Allocated memory</source>
        <translation>已分配内存</translation>
    </message>
    <message>
        <source>No allocations on this device</source>
        <translation>此设备上没有分配</translation>
    </message>
    <message>
        <source>Open a memory snapshot to see its allocations</source>
        <translation>打开内存快照以查看其分配</translation>
    </message>
    <message>
        <source>Peak %1</source>
        <translation>峰值 %1</translation>
    </message>
    <message>
        <source>Out of memory: %1 asked</source>
        <translation>内存不足：请求 %1</translation>
    </message>
    <message>
        <source>%1 allocations drawn</source>
        <translation>已绘制 %1 个分配</translation>
    </message>
    <message>
        <source>%1 smaller ones summed in grey</source>
        <translation>%1 个较小的以灰色合并</translation>
    </message>
    <message>
        <source>a free lets the blocks above it down</source>
        <translation>释放后其上方的块下移</translation>
    </message>
    <message>
        <source>event %1</source>
        <translation>事件 %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; at %2&lt;br&gt;Stream %3&lt;br&gt;Allocated: %4&lt;br&gt;Freed: %5</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 位于 %2&lt;br&gt;流 %3&lt;br&gt;分配于：%4&lt;br&gt;释放于：%5</translation>
    </message>
    <message>
        <source>before the trace</source>
        <translation>Trace 之前</translation>
    </message>
    <message>
        <source>not freed</source>
        <translation>未释放</translation>
    </message>
    <message>
        <source>Stream:</source>
        <translation>流：</translation>
    </message>
    <message>
        <source>All streams</source>
        <translation>所有流</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::BreakdownChart</name>
    <message>
        <source>Op / kernel</source>
        <translation>操作 / 内核</translation>
    </message>
    <message>
        <source>Device time</source>
        <translation>设备时间</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Stream</source>
        <translation>流</translation>
    </message>
    <message>
        <source>Device time by operator, split by kernel</source>
        <translation>各算子的设备时间，按内核拆分</translation>
    </message>
    <message>
        <source>Device time by range (%1), split by kernel</source>
        <translation>各范围（%1）的设备时间，按内核拆分</translation>
    </message>
    <message>
        <source>Other kernels</source>
        <translation>其他内核</translation>
    </message>
    <message>
        <source>Other ops (%1)</source>
        <translation>其他操作（%1）</translation>
    </message>
    <message>
        <source>Device time (%1)</source>
        <translation>设备时间（%1）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Device time: %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;设备时间：%2</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1: %2 (%3 %)</source>
        <translation>&lt;br&gt;%1：%2（%3 %）</translation>
    </message>
    <message>
        <source>Device time by range, split by kernel</source>
        <translation>各范围的设备时间，按内核拆分</translation>
    </message>
    <message>
        <source>No range at this depth launched GPU work</source>
        <translation>此深度没有范围启动 GPU 工作</translation>
    </message>
    <message>
        <source>No CPU op at this depth launched GPU work</source>
        <translation>此深度没有 CPU 算子启动 GPU 工作</translation>
    </message>
    <message>
        <source>Double-click an op to outline its GPU work on the timeline, a kernel to jump to its longest instance</source>
        <translation>双击算子可在时间线上标出其 GPU 工作，双击内核可跳转到其最长的实例</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Click: outline this kernel&apos;s GPU work on the timeline&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;点击：在时间线上标出此内核的 GPU 工作&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Click: outline the op&apos;s GPU work on the timeline&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;点击：在时间线上标出该算子的 GPU 工作&lt;/i&gt;</translation>
    </message>
    <message>
        <source>GPU work of %1</source>
        <translation>%1 的 GPU 工作</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%2 中的 %1</translation>
    </message>
    <message>
        <source>Other ranges (%1)</source>
        <translation>其他范围（%1）</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>Looked through: %1</source>
        <translation>已穿透：%1</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::ChartView</name>
    <message>
        <source>Export Chart…</source>
        <translation>导出图表…</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>Export Chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Exported from Tracelane</source>
        <translation>从 Tracelane 导出</translation>
    </message>
    <message>
        <source>Cannot export to &apos;%1&apos;: use a .png, .pdf or .svg file name.</source>
        <translation>无法导出到“%1”：请使用 .png、.pdf 或 .svg 文件名。</translation>
    </message>
    <message>
        <source>Could not write &apos;%1&apos;.</source>
        <translation>无法写入“%1”。</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::CriticalPathChart</name>
    <message>
        <source>Critical path per step, by cause</source>
        <translation>各步骤的关键路径（按原因）</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Data loading</source>
        <translation>数据加载</translation>
    </message>
    <message>
        <source>Launch overhead</source>
        <translation>启动开销</translation>
    </message>
    <message>
        <source>Launch-to-start delay</source>
        <translation>启动到开始的延迟</translation>
    </message>
    <message>
        <source>GPU compute</source>
        <translation>GPU 计算</translation>
    </message>
    <message>
        <source>GPU communication</source>
        <translation>GPU 通信</translation>
    </message>
    <message>
        <source>GPU memory ops</source>
        <translation>GPU 内存操作</translation>
    </message>
    <message>
        <source>Kernel-to-kernel gap</source>
        <translation>内核间间隙</translation>
    </message>
    <message>
        <source>Synchronisation wait</source>
        <translation>同步等待</translation>
    </message>
    <message>
        <source>The longest chain of dependent CPU and GPU work from the step&apos;s start to its end</source>
        <translation>从步骤开始到结束、相互依赖的 CPU 与 GPU 工作中最长的一条链</translation>
    </message>
    <message>
        <source>The first %1 of %2 steps</source>
        <translation>%2 个步骤中的前 %1 个</translation>
    </message>
    <message>
        <source>Critical path (%1)</source>
        <translation>关键路径（%1）</translation>
    </message>
    <message>
        <source>No step with CPU or GPU work</source>
        <translation>没有包含 CPU 或 GPU 工作的步骤</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Critical path: %2 (%3 ns)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;关键路径：%2（%3 ns）</translation>
    </message>
    <message>
        <source>%1: %2 (%3 %)</source>
        <translation>%1：%2（%3 %）</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::GpuTimeChart</name>
    <message>
        <source>GPU time: compute, non-compute and idle</source>
        <translation>GPU 时间：计算、非计算与空闲</translation>
    </message>
    <message>
        <source>Shares of each span, from the first GPU operation&apos;s start to the last one&apos;s end</source>
        <translation>各自跨度中的占比；跨度从第一个 GPU 操作开始，到最后一个 GPU 操作结束</translation>
    </message>
    <message>
        <source>Non-compute: only communication or memory operations run</source>
        <translation>非计算：只有通信或内存操作在运行</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Non-compute</source>
        <translation>非计算</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Share of span (%)</source>
        <translation>占跨度的比例（%）</translation>
    </message>
    <message>
        <source>No GPU operations in this trace</source>
        <translation>此跟踪中没有 GPU 操作</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Span: %2 (%3 ns)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;跨度：%2（%3 ns）</translation>
    </message>
    <message>
        <source>%1: %2 (%3 ns, %4 %)</source>
        <translation>%1：%2（%3 ns，%4 %）</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::IdleCausesChart</name>
    <message>
        <source>Idle time per stream, by cause</source>
        <translation>各流的空闲时间（按原因）</translation>
    </message>
    <message>
        <source>Host wait: the launch call came after the stream ran dry</source>
        <translation>主机等待：启动调用在流已经空闲之后才到来</translation>
    </message>
    <message>
        <source>Kernel wait: a gap under %1 µs</source>
        <translation>内核等待：短于 %1 µs 的间隙</translation>
    </message>
    <message>
        <source>Idle time (%1)</source>
        <translation>空闲时间（%1）</translation>
    </message>
    <message>
        <source>No GPU operations in this trace</source>
        <translation>此跟踪中没有 GPU 操作</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Idle: %2 (%3 ns)&lt;br&gt;Gaps: %4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;空闲：%2（%3 ns）&lt;br&gt;间隙数：%4</translation>
    </message>
    <message>
        <source>%1: %2 (%3 ns, %4 %)</source>
        <translation>%1：%2（%3 ns，%4 %）</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::IterationChart</name>
    <message>
        <source>CPU time</source>
        <translation>CPU 时间</translation>
    </message>
    <message>
        <source>GPU busy time</source>
        <translation>GPU 繁忙时间</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <source>CPU time per iteration</source>
        <translation>每次迭代的 CPU 时间</translation>
    </message>
    <message>
        <source>GPU busy time per iteration</source>
        <translation>每次迭代的 GPU 繁忙时间</translation>
    </message>
    <message>
        <source>Iteration</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Other phases and outside</source>
        <translation>其他阶段及阶段外</translation>
    </message>
    <message>
        <source>Outside phases</source>
        <translation>阶段之外</translation>
    </message>
    <message>
        <source>Iteration (in start order)</source>
        <translation>迭代（按开始顺序）</translation>
    </message>
    <message>
        <source>CPU time (%1)</source>
        <translation>CPU 时间（%1）</translation>
    </message>
    <message>
        <source>GPU busy time (%1)</source>
        <translation>GPU 繁忙时间（%1）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;CPU time: %2&lt;br&gt;GPU busy time: %3&lt;br&gt;GPU projected span: %4&lt;br&gt;GPU operations: %5</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;CPU 时间：%2&lt;br&gt;GPU 繁忙时间：%3&lt;br&gt;GPU 投影跨度：%4&lt;br&gt;GPU 操作：%5</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;br&gt;&lt;b&gt;%1&lt;/b&gt;: %2</source>
        <translation>&lt;br&gt;&lt;br&gt;&lt;b&gt;%1&lt;/b&gt;：%2</translation>
    </message>
    <message>
        <source>No range names an iteration
(pattern: %1)</source>
        <translation>没有范围名称表示迭代
（模式：%1）</translation>
    </message>
    <message>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <source>Rank:</source>
        <translation>Rank：</translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation>Rank 编号 %1</translation>
    </message>
    <message>
        <source>All ranks</source>
        <translation>所有 Rank</translation>
    </message>
    <message>
        <source>Show outliers</source>
        <translation>显示离群值</translation>
    </message>
    <message>
        <source>Draw warm-up iterations far longer than the rest whole, on the same axis</source>
        <translation>在同一坐标轴上完整绘制比其余迭代长得多的预热迭代</translation>
    </message>
    <message>
        <source>Iteration %1 cut off: %2× the median</source>
        <translation>迭代 %1 已截断：为中位数的 %2 倍</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::IterationCompareChart</name>
    <message>
        <source>CPU time</source>
        <translation>CPU 时间</translation>
    </message>
    <message>
        <source>GPU busy time</source>
        <translation>GPU 忙碌时间</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <source>Finding the iterations…</source>
        <translation>正在查找迭代…</translation>
    </message>
    <message>
        <source>Neither trace has iterations (pattern: %1)</source>
        <translation>两个跟踪都没有迭代（模式：%1）</translation>
    </message>
    <message>
        <source>A trace repeats iteration numbers: matched by start order</source>
        <translation>某个跟踪的迭代编号重复：按开始顺序匹配</translation>
    </message>
    <message>
        <source>The control trace has no iterations</source>
        <translation>对照跟踪没有迭代</translation>
    </message>
    <message>
        <source>The test trace has no iterations</source>
        <translation>测试跟踪没有迭代</translation>
    </message>
    <message>
        <source>Only in the control trace: %1</source>
        <translation>仅在对照跟踪中：%1</translation>
    </message>
    <message>
        <source>Only in the test trace: %1</source>
        <translation>仅在测试跟踪中：%1</translation>
    </message>
    <message>
        <source>CPU time per iteration, both traces</source>
        <translation>每次迭代的 CPU 时间，两个跟踪</translation>
    </message>
    <message>
        <source>GPU busy time per iteration, both traces</source>
        <translation>每次迭代的 GPU 忙碌时间，两个跟踪</translation>
    </message>
    <message>
        <source>Control</source>
        <translation>对照</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>测试</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Iteration</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Iteration (in start order)</source>
        <translation>迭代（按开始顺序）</translation>
    </message>
    <message>
        <source>CPU time (%1)</source>
        <translation>CPU 时间（%1）</translation>
    </message>
    <message>
        <source>GPU busy time (%1)</source>
        <translation>GPU 忙碌时间（%1）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>&lt;b&gt;Iteration %1&lt;/b&gt;&lt;br&gt;Control: %2&lt;br&gt;Test: %3</source>
        <translation>&lt;b&gt;迭代 %1&lt;/b&gt;&lt;br&gt;对照：%2&lt;br&gt;测试：%3</translation>
    </message>
    <message>
        <source>&lt;br&gt;Test − control: %1 (%2 %)</source>
        <translation>&lt;br&gt;测试 − 对照：%1（%2 %）</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::KernelStatsChart</name>
    <message>
        <source>Mean kernel time: no kernels in this trace</source>
        <translation>平均内核时间：此跟踪中没有内核</translation>
    </message>
    <message>
        <source>Mean kernel time ± 1 std (top %1 by total GPU time)</source>
        <translation>平均内核时间 ± 1 标准差（按 GPU 总时间前 %1 个）</translation>
    </message>
    <message>
        <source>Mean time per instance</source>
        <translation>每次调用的平均时间</translation>
    </message>
    <message>
        <source>±1 standard deviation</source>
        <translation>±1 标准差</translation>
    </message>
    <message>
        <source>Mean time per instance (%1)</source>
        <translation>每次调用的平均时间（%1）</translation>
    </message>
    <message>
        <source>Bar: mean</source>
        <translation>条形：平均值</translation>
    </message>
    <message>
        <source>whisker: ±1 sample standard deviation (none for n=1)</source>
        <translation>误差线：±1 样本标准差（n=1 时无）</translation>
    </message>
    <message>
        <source>n: instances</source>
        <translation>n：调用次数</translation>
    </message>
    <message>
        <source>lower whiskers stop at 0</source>
        <translation>下误差线截止于 0</translation>
    </message>
    <message>
        <source>%1 (n=%2)</source>
        <translation>%1 (n=%2)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;Instances: %3&lt;br&gt;Mean: %4&lt;br&gt;Standard deviation: %5&lt;br&gt;Median: %6&lt;br&gt;Min: %7&lt;br&gt;Max: %8&lt;br&gt;Total: %9</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;调用次数：%3&lt;br&gt;平均值：%4&lt;br&gt;标准差：%5&lt;br&gt;中位数：%6&lt;br&gt;最小值：%7&lt;br&gt;最大值：%8&lt;br&gt;总计：%9</translation>
    </message>
    <message>
        <source>none (one instance)</source>
        <translation>无（仅一次调用）</translation>
    </message>
    <message>
        <source>Instances of %1</source>
        <translation>%1 的实例</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Click: outline every instance on the timeline&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;点击：在时间线上标出所有实例&lt;/i&gt;</translation>
    </message>
    <message>
        <source>#2, #3: further kernels whose names read alike</source>
        <translation>#2、#3：名称相同的其他内核</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::KernelSummaryChart</name>
    <message>
        <source>Kernels with the most GPU time (top %1)</source>
        <translation>GPU 时间最多的内核（前 %1 个）</translation>
    </message>
    <message>
        <source>Total time</source>
        <translation>总时间</translation>
    </message>
    <message>
        <source>Total GPU time (%1)</source>
        <translation>GPU 总时间（%1）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;Total: %3 (%4 % of kernel time)&lt;br&gt;Instances: %5&lt;br&gt;Average: %6</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;总计：%3（占内核时间的 %4 %）&lt;br&gt;实例数：%5&lt;br&gt;平均：%6</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::LaunchDelayChart</name>
    <message>
        <source>Launch delay: launch call end to GPU start</source>
        <translation>启动延迟：从启动调用结束到 GPU 开始执行</translation>
    </message>
    <message>
        <source>Launches within %1</source>
        <translation>%1 以内的启动</translation>
    </message>
    <message>
        <source>Delayed launches (over %1)</source>
        <translation>延迟的启动（超过 %1）</translation>
    </message>
    <message>
        <source>Launch delay (bins grow in 1-2-5 steps: a logarithmic scale)</source>
        <translation>启动延迟（区间按 1-2-5 步长增长：对数刻度）</translation>
    </message>
    <message>
        <source>Launches</source>
        <translation>启动次数</translation>
    </message>
    <message>
        <source>No launch call is linked to GPU work in this trace</source>
        <translation>此跟踪中没有与 GPU 工作关联的启动调用</translation>
    </message>
    <message>
        <source>delayed: over %1</source>
        <translation>延迟：超过 %1</translation>
    </message>
    <message>
        <source>Launches: %1</source>
        <translation>启动次数：%1</translation>
    </message>
    <message>
        <source>Median %1</source>
        <translation>中位数 %1</translation>
    </message>
    <message>
        <source>P95 %1</source>
        <translation>P95 %1</translation>
    </message>
    <message>
        <source>Delayed (over %1): %2</source>
        <translation>延迟（超过 %1）：%2</translation>
    </message>
    <message>
        <source>Launch delay up to %1</source>
        <translation>启动延迟不超过 %1</translation>
    </message>
    <message>
        <source>Launch delay over %1, up to %2</source>
        <translation>启动延迟超过 %1、不超过 %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Launches: %2 (%3 % of all)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;启动次数：%2（占全部的 %3 %）</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::MemoryCurvesChart</name>
    <message>
        <source>GPU %1 reserved</source>
        <translation>GPU %1 已保留</translation>
    </message>
    <message>
        <source>GPU %1 allocated</source>
        <translation>GPU %1 已分配</translation>
    </message>
    <message>
        <source>CPU allocated</source>
        <translation>CPU 已分配</translation>
    </message>
    <message>
        <source>CPU reserved</source>
        <translation>CPU 已保留</translation>
    </message>
    <message>
        <source>Memory over time: allocated and reserved per device</source>
        <translation>内存随时间变化：各设备的已分配与已保留</translation>
    </message>
    <message>
        <source>Peak %1</source>
        <translation>峰值 %1</translation>
    </message>
    <message>
        <source>Allocator event (the snapshot records no times)</source>
        <translation>分配器事件（快照未记录时间）</translation>
    </message>
    <message>
        <source>Time from the trace start (%1)</source>
        <translation>自 Trace 开始的时间（%1）</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>No memory records in this trace</source>
        <translation>此 Trace 中没有内存记录</translation>
    </message>
    <message>
        <source>Solid: allocated by tensors; dashed: reserved by the caching allocator</source>
        <translation>实线：张量已分配；虚线：缓存分配器已保留</translation>
    </message>
    <message>
        <source>Each curve holds its value until the next memory event</source>
        <translation>每条曲线保持其值直到下一个内存事件</translation>
    </message>
    <message>
        <source>&lt;b&gt;At event %1&lt;/b&gt;</source>
        <translation>&lt;b&gt;事件 %1 处&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;At %1&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1 处&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1: %2</source>
        <translation>&lt;br&gt;%1：%2</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::OpCompareChart</name>
    <message>
        <source>Device time of an op, split by kernel</source>
        <translation>算子的设备时间，按内核拆分</translation>
    </message>
    <message>
        <source>Device time of %1, split by kernel</source>
        <translation>%1 的设备时间，按内核拆分</translation>
    </message>
    <message>
        <source>Other kernels</source>
        <translation>其他内核</translation>
    </message>
    <message>
        <source>Control</source>
        <translation>对照</translation>
    </message>
    <message>
        <source>Control (none)</source>
        <translation>对照（无）</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>测试</translation>
    </message>
    <message>
        <source>Test (none)</source>
        <translation>测试（无）</translation>
    </message>
    <message>
        <source>Device time (%1)</source>
        <translation>设备时间（%1）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Control: %2&lt;br&gt;Test: %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;对照：%2&lt;br&gt;测试：%3</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message numerus="yes">
        <source>%1 in %n launch(es)</source>
        <translation>
            <numerusform>%1，%n 次启动</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;br&gt;&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Control: %2&lt;br&gt;Test: %3</source>
        <translation>&lt;br&gt;&lt;br&gt;&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;对照：%2&lt;br&gt;测试：%3</translation>
    </message>
    <message>
        <source>No GPU work launched by this op</source>
        <translation>此算子未启动 GPU 工作</translation>
    </message>
    <message>
        <source>Not an operator of either trace</source>
        <translation>在两个跟踪中都不是算子</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::PaceChart</name>
    <message>
        <source>Iteration time per rank</source>
        <translation>每个 rank 的迭代时间</translation>
    </message>
    <message>
        <source>Iteration %1</source>
        <translation>迭代 %1</translation>
    </message>
    <message>
        <source>Outlier</source>
        <translation>离群值</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank 编号</translation>
    </message>
    <message>
        <source>Iteration time (%1)</source>
        <translation>迭代时间（%1）</translation>
    </message>
    <message>
        <source>No iterations (ProfilerStep#N or Iteration N) on two or more ranks</source>
        <translation>没有在两个或更多 rank 上出现的迭代（ProfilerStep#N 或 Iteration N）</translation>
    </message>
    <message>
        <source>One line per iteration, flat when the ranks keep pace; the time axis starts above zero</source>
        <translation>每次迭代一条线，各 rank 步调一致时为平线；时间轴不从零开始</translation>
    </message>
    <message>
        <source>Red rings: outliers, over %1 median absolute deviations from the median</source>
        <translation>红圈：离群值，偏离中位数超过 %1 个中位数绝对偏差</translation>
    </message>
    <message>
        <source>&lt;b&gt;Iteration %1, rank %2&lt;/b&gt;&lt;br&gt;Duration: %3&lt;br&gt;Median over the ranks: %4&lt;br&gt;Deviation: %5</source>
        <translation>&lt;b&gt;迭代 %1，rank %2&lt;/b&gt;&lt;br&gt;时长：%3&lt;br&gt;各 rank 中位数：%4&lt;br&gt;偏差：%5</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::WaitTransferChart</name>
    <message>
        <source>Rank %1</source>
        <translation>Rank 编号 %1</translation>
    </message>
    <message>
        <source>%1 (straggler)</source>
        <translation>%1（掉队者）</translation>
    </message>
    <message>
        <source>Transfer and wait per rank</source>
        <translation>每个 rank 的传输与等待</translation>
    </message>
    <message>
        <source>Transfer: the shortest kernel of each collective</source>
        <translation>传输：每个集合通信中最短的 kernel</translation>
    </message>
    <message>
        <source>Wait: the rest, spent waiting for the other ranks</source>
        <translation>等待：其余部分，用于等待其他 rank</translation>
    </message>
    <message>
        <source>◀: the straggler, the rank the others waited for most</source>
        <translation>◀：掉队者，其他 rank 等待最久的 rank</translation>
    </message>
    <message>
        <source>Transfer</source>
        <translation>传输</translation>
    </message>
    <message>
        <source>Wait</source>
        <translation>等待</translation>
    </message>
    <message>
        <source>Collective time (%1)</source>
        <translation>集合通信时间（%1）</translation>
    </message>
    <message>
        <source>No collective matched on two or more ranks</source>
        <translation>没有在两个或更多 rank 上匹配的集合通信</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Collectives: %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;集合通信：%2</translation>
    </message>
    <message>
        <source>Transfer: %1 (%2 %)</source>
        <translation>传输：%1（%2 %）</translation>
    </message>
    <message>
        <source>Wait: %1 (%2 %)</source>
        <translation>等待：%1（%2 %）</translation>
    </message>
    <message>
        <source>Others waited for it in %1 collectives, %2 in all</source>
        <translation>其他 rank 在 %1 次集合通信中等待它，共 %2</translation>
    </message>
</context>
</TS>
