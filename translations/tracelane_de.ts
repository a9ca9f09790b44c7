<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
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
        <translation>%1 (%2 B)</translation>
    </message>
</context>
<context>
    <name>ColumnTitles</name>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Total Time</source>
        <translation>Gesamtzeit</translation>
    </message>
    <message>
        <source>Instances</source>
        <translation>Instanzen</translation>
    </message>
    <message>
        <source>Avg</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>Med</source>
        <translation>Median</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>Min</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>Max</translation>
    </message>
    <message>
        <source>StdDev</source>
        <translation>Std.-Abw.</translation>
    </message>
    <message>
        <source>Style</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>Bereich</translation>
    </message>
    <message>
        <source>Num Calls</source>
        <translation>Aufrufe</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Aufrufe</translation>
    </message>
    <message>
        <source>T2 Mean</source>
        <translation>T2 Mittel</translation>
    </message>
    <message>
        <source>T3 Mean</source>
        <translation>T3 Mittel</translation>
    </message>
    <message>
        <source>T5 Mean</source>
        <translation>T5 Mittel</translation>
    </message>
    <message>
        <source>T5 Total</source>
        <translation>T5 gesamt</translation>
    </message>
    <message>
        <source>Launches</source>
        <translation>Starts</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>Std</source>
        <translation>Std.-Abw.</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <source>Stream</source>
        <translation>Stream</translation>
    </message>
    <message>
        <source>Host Wait</source>
        <translation>Warten auf Host</translation>
    </message>
    <message>
        <source>Kernel Wait</source>
        <translation>Warten auf Kernel</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>Sonstiges</translation>
    </message>
    <message>
        <source>Iteration</source>
        <translation>Iteration</translation>
    </message>
    <message>
        <source>Span</source>
        <translation>Spanne</translation>
    </message>
    <message>
        <source>Busy</source>
        <translation>Belegt</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>Leerlauf</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>Kommunikation</translation>
    </message>
    <message>
        <source>Overlapped</source>
        <translation>Überlappt</translation>
    </message>
    <message>
        <source>Overlap</source>
        <translation>Überlappung</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>Statistic</source>
        <translation>Kennzahl</translation>
    </message>
    <message>
        <source>Median</source>
        <translation>Median</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Beginn</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Overhead</source>
        <translation>Overhead</translation>
    </message>
    <message>
        <source>CPU Time</source>
        <translation>CPU-Zeit</translation>
    </message>
    <message>
        <source>GPU Projected Time</source>
        <translation>Projizierte GPU-Zeit</translation>
    </message>
    <message>
        <source>Op Instances</source>
        <translation>Operation-Instanzen</translation>
    </message>
    <message>
        <source>Op Device Time</source>
        <translation>Gerätezeit der Operation</translation>
    </message>
    <message>
        <source>Control Count</source>
        <translation>Anzahl Referenz</translation>
    </message>
    <message>
        <source>Test Count</source>
        <translation>Anzahl Test</translation>
    </message>
    <message>
        <source>Count Diff</source>
        <translation>Anzahl Differenz</translation>
    </message>
    <message>
        <source>Control Time</source>
        <translation>Zeit Referenz</translation>
    </message>
    <message>
        <source>Test Time</source>
        <translation>Zeit Test</translation>
    </message>
    <message>
        <source>Time Diff</source>
        <translation>Zeitdifferenz</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>Iterationen</translation>
    </message>
    <message>
        <source>Iteration Median</source>
        <translation>Median der Iteration</translation>
    </message>
    <message>
        <source>Iteration Max</source>
        <translation>Maximum der Iteration</translation>
    </message>
    <message>
        <source>GPU Busy</source>
        <translation>GPU belegt</translation>
    </message>
    <message>
        <source>GPU Idle</source>
        <translation>GPU Leerlauf</translation>
    </message>
    <message>
        <source>Overlap with Compute</source>
        <translation>Überlappung mit Rechnen</translation>
    </message>
    <message>
        <source>Straggler</source>
        <translation>Nachzügler</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Ränge</translation>
    </message>
    <message>
        <source>Last Rank</source>
        <translation>Letzter Rang</translation>
    </message>
    <message>
        <source>Last File</source>
        <translation>Letzte Datei</translation>
    </message>
    <message>
        <source>Last Start</source>
        <translation>Letzter Start</translation>
    </message>
    <message>
        <source>Lag</source>
        <translation>Verzug</translation>
    </message>
    <message>
        <source>Peak Allocated</source>
        <translation>Höchstwert belegt</translation>
    </message>
    <message>
        <source>Peak At</source>
        <translation>Höchstwert bei</translation>
    </message>
    <message>
        <source>Peak Reserved</source>
        <translation>Höchstwert reserviert</translation>
    </message>
    <message>
        <source>Allocations</source>
        <translation>Belegungen</translation>
    </message>
    <message>
        <source>Frees</source>
        <translation>Freigaben</translation>
    </message>
    <message>
        <source>Never Freed</source>
        <translation>Nie freigegeben</translation>
    </message>
    <message>
        <source>Allocated</source>
        <translation>Belegt</translation>
    </message>
    <message>
        <source>Freed</source>
        <translation>Freigegeben</translation>
    </message>
    <message>
        <source>Self Increase</source>
        <translation>Eigener Zuwachs</translation>
    </message>
    <message>
        <source>Total Increase</source>
        <translation>Gesamtzuwachs</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Allocated At</source>
        <translation>Belegt bei</translation>
    </message>
    <message>
        <source>Freed At</source>
        <translation>Freigegeben bei</translation>
    </message>
    <message>
        <source>Python Stack</source>
        <translation>Python-Stack</translation>
    </message>
    <message>
        <source>Tensor Cores</source>
        <translation>Tensor Cores</translation>
    </message>
    <message>
        <source>Est. SM Efficiency</source>
        <translation>Gesch. SM-Effizienz</translation>
    </message>
    <message>
        <source>Est. Occupancy</source>
        <translation>Gesch. Auslastung</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Ja</translation>
    </message>
    <message>
        <source>No</source>
        <translation>Nein</translation>
    </message>
    <message>
        <source>Collective</source>
        <translation>Kollektiv</translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation>Kollektive</translation>
    </message>
    <message>
        <source>Process Group</source>
        <translation>Prozessgruppe</translation>
    </message>
    <message>
        <source>Transfer</source>
        <translation>Übertragung</translation>
    </message>
    <message>
        <source>Wait</source>
        <translation>Warten</translation>
    </message>
    <message>
        <source>Skew</source>
        <translation>Versatz</translation>
    </message>
    <message>
        <source>Algorithm BW</source>
        <translation>Algorithmus-BB</translation>
    </message>
    <message>
        <source>Bus BW</source>
        <translation>Bus-BB</translation>
    </message>
    <message>
        <source>Index</source>
        <translation>Index</translation>
    </message>
    <message>
        <source>Found On</source>
        <translation>Gefunden auf</translation>
    </message>
    <message>
        <source>Last Arrivals</source>
        <translation>Zuletzt angekommen</translation>
    </message>
    <message>
        <source>Wait Caused</source>
        <translation>Verursachtes Warten</translation>
    </message>
    <message>
        <source>Deviation</source>
        <translation>Abweichung</translation>
    </message>
    <message>
        <source>Outlier</source>
        <translation>Ausreißer</translation>
    </message>
</context>
<context>
    <name>CounterLaneText</name>
    <message>
        <source>%1: %2
at %3</source>
        <translation>%1: %2
bei %3</translation>
    </message>
    <message>
        <source>no sample yet</source>
        <translation>noch kein Messwert</translation>
    </message>
    <message>
        <source>
highest within this pixel: %1 (%2 samples)</source>
        <translation>
Höchstwert in diesem Pixel: %1 (%2 Messwerte)</translation>
    </message>
    <message>
        <source>%1 → %2 (%3%4)</source>
        <translation>%1 → %2 (%3%4)</translation>
    </message>
</context>
<context>
    <name>DiagnosticText</name>
    <message>
        <source>the file stops early, at byte %1; the complete events before it were read</source>
        <translation>die Datei endet vorzeitig bei Byte %1; die vollständigen Ereignisse davor wurden gelesen</translation>
    </message>
    <message>
        <source>the file stops early; the complete events before it were read</source>
        <translation>die Datei endet vorzeitig; die vollständigen Ereignisse davor wurden gelesen</translation>
    </message>
    <message>
        <source>%1 records were skipped: they are not CUDA API calls, GPU work or NVTX</source>
        <translation>Datensätze vom Typ %1 wurden übersprungen: weder CUDA-API-Aufrufe noch GPU-Arbeit noch NVTX</translation>
    </message>
</context>
<context>
    <name>EfficiencyLaneText</name>
    <message>
        <source>host wait</source>
        <translation>Host-Wartezeit</translation>
    </message>
    <message>
        <source>kernel wait</source>
        <translation>Kernel-Wartezeit</translation>
    </message>
    <message>
        <source>other</source>
        <translation>Sonstiges</translation>
    </message>
    <message>
        <source>max %1</source>
        <translation>max. %1</translation>
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
            <numerusform>%n Leerlauflücke, zu klein zum Anzeigen</numerusform>
            <numerusform>%n Leerlauflücken, zu klein zum Anzeigen</numerusform>
        </translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <source>Click to zoom in</source>
        <translation>Zum Vergrößern klicken</translation>
    </message>
    <message>
        <source>Idle %1: %2</source>
        <translation>Leerlauf %1: %2</translation>
    </message>
    <message>
        <source>Next: %1, launched by %2 at %3</source>
        <translation>Danach: %1, gestartet von %2 bei %3</translation>
    </message>
    <message>
        <source>Next: %1 (no launch call in the trace)</source>
        <translation>Danach: %1 (kein Startaufruf im Trace)</translation>
    </message>
    <message>
        <source>Queue depth: %1 at %2</source>
        <translation>Warteschlangentiefe: %1 bei %2</translation>
    </message>
    <message>
        <source>up to %1 within this pixel</source>
        <translation>bis zu %1 innerhalb dieses Pixels</translation>
    </message>
    <message>
        <source>Launched operations not yet started; max %1</source>
        <translation>Gestartete, noch nicht begonnene Operationen; max. %1</translation>
    </message>
    <message>
        <source>Idle gaps are shaded by cause:
red – host wait: the launch call came after the stream ran dry
yellow – kernel wait: launched in time, idle under 30 µs
grey – other: launched in time, idle 30 µs or longer</source>
        <translation>Leerlauflücken sind nach Ursache schattiert:
rot – Host-Wartezeit: der Startaufruf kam erst, als der Stream schon leer lief
gelb – Kernel-Wartezeit: rechtzeitig gestartet, unter 30 µs untätig
grau – Sonstiges: rechtzeitig gestartet, 30 µs oder länger untätig</translation>
    </message>
</context>
<context>
    <name>EventKindLabel</name>
    <message>
        <source>slice</source>
        <translation>Abschnitt</translation>
    </message>
    <message>
        <source>CPU op</source>
        <translation>CPU-Operation</translation>
    </message>
    <message>
        <source>Python function</source>
        <translation>Python-Funktion</translation>
    </message>
    <message>
        <source>range</source>
        <translation>Bereich</translation>
    </message>
    <message>
        <source>GPU range</source>
        <translation>GPU-Bereich</translation>
    </message>
    <message>
        <source>API call</source>
        <translation>API-Aufruf</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>memory copy</source>
        <translation>Speicherkopie</translation>
    </message>
    <message>
        <source>memory set</source>
        <translation>Speicherfüllung</translation>
    </message>
    <message>
        <source>synchronisation</source>
        <translation>Synchronisation</translation>
    </message>
    <message>
        <source>instant</source>
        <translation>Zeitpunkt</translation>
    </message>
    <message>
        <source>counter</source>
        <translation>Zähler</translation>
    </message>
    <message>
        <source>async slice</source>
        <translation>asynchroner Abschnitt</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
</context>
<context>
    <name>EventSearch</name>
    <message>
        <source>Invalid expression: %1</source>
        <translation>Ungültiger Ausdruck: %1</translation>
    </message>
</context>
<context>
    <name>FindingText</name>
    <message>
        <source>high</source>
        <translation>hoch</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>mittel</translation>
    </message>
    <message>
        <source>low</source>
        <translation>niedrig</translation>
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
        <translation>%1 · alle Streams</translation>
    </message>
    <message>
        <source>%1 · Stream %2</source>
        <translation>%1 · Stream %2</translation>
    </message>
    <message>
        <source>Host wait</source>
        <translation>Host-Wartezeit</translation>
    </message>
    <message>
        <source>Kernel wait</source>
        <translation>Kernel-Wartezeit</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>Sonstige</translation>
    </message>
</context>
<context>
    <name>LaneHandleText</name>
    <message>
        <source>▸ 1 more row</source>
        <translation>▸ 1 weitere Zeile</translation>
    </message>
    <message>
        <source>▸ %1 more rows</source>
        <translation>▸ %1 weitere Zeilen</translation>
    </message>
    <message>
        <source>▾ fewer rows</source>
        <translation>▾ weniger Zeilen</translation>
    </message>
</context>
<context>
    <name>QueryExamples</name>
    <message>
        <source>Events per kind</source>
        <translation>Ereignisse pro Art</translation>
    </message>
    <message>
        <source>Kernel time per name (as nsys cuda_gpu_kern_sum)</source>
        <translation>Kernelzeit pro Name (wie nsys cuda_gpu_kern_sum)</translation>
    </message>
    <message>
        <source>Longest kernels with their launching call</source>
        <translation>Längste Kernel mit ihrem startenden Aufruf</translation>
    </message>
    <message>
        <source>Kernels launched inside &quot;FWD pass&quot; ranges</source>
        <translation>In „FWD pass“-Bereichen gestartete Kernel</translation>
    </message>
    <message>
        <source>Enclosing ranges of the longest kernel launched inside a range</source>
        <translation>Umschließende Bereiche des längsten in einem Bereich gestarteten Kernels</translation>
    </message>
    <message>
        <source>Convolution kernel time per iteration (ProfilerStep#N)</source>
        <translation>Zeit der Faltungskernel pro Iteration (ProfilerStep#N)</translation>
    </message>
    <message>
        <source>Time in CUDA API calls per function</source>
        <translation>Zeit in CUDA-API-Aufrufen pro Funktion</translation>
    </message>
    <message>
        <source>Tracks</source>
        <translation>Spuren</translation>
    </message>
</context>
<context>
    <name>TableCopy</name>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
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
        <translation>Ausschnitt: %1</translation>
    </message>
</context>
<context>
    <name>TimelineExport</name>
    <message>
        <source>Timeline</source>
        <translation>Zeitleiste</translation>
    </message>
    <message>
        <source>Exported from Tracelane</source>
        <translation>Aus Tracelane exportiert</translation>
    </message>
    <message>
        <source>Cannot export to &apos;%1&apos;: use a .png, .svg or .pdf file name.</source>
        <translation>Export nach „%1“ nicht möglich: einen Dateinamen mit .png, .svg oder .pdf verwenden.</translation>
    </message>
    <message>
        <source>Could not write &apos;%1&apos;.</source>
        <translation>„%1“ konnte nicht geschrieben werden.</translation>
    </message>
</context>
<context>
    <name>TrackGrouping</name>
    <message>
        <source>Process %1</source>
        <translation>Prozess %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Thread</source>
        <translation>Thread</translation>
    </message>
    <message>
        <source>Thread %1</source>
        <translation>Thread %1</translation>
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
        <translation>CPU-Operatoren</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>Sonstige</translation>
    </message>
    <message>
        <source>Queue depth</source>
        <translation>Warteschlangentiefe</translation>
    </message>
    <message>
        <source>Ranges</source>
        <translation>Bereiche</translation>
    </message>
    <message>
        <source>Stream %1 annotations</source>
        <translation>Stream %1 Annotationen</translation>
    </message>
    <message>
        <source>Global instants</source>
        <translation>Globale Zeitpunkte</translation>
    </message>
    <message>
        <source>Instants</source>
        <translation>Zeitpunkte</translation>
    </message>
    <message>
        <source>Rank %1 · %2</source>
        <translation>Rang %1 · %2</translation>
    </message>
    <message>
        <source>Allocator events</source>
        <translation>Allocator-Ereignisse</translation>
    </message>
    <message>
        <source>Allocated</source>
        <translation>Belegt</translation>
    </message>
    <message>
        <source>Reserved</source>
        <translation>Reserviert</translation>
    </message>
    <message>
        <source>CPU allocated</source>
        <translation>CPU belegt</translation>
    </message>
    <message>
        <source>CPU reserved</source>
        <translation>CPU reserviert</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Viewer for GPU profiling traces</source>
        <translation>Betrachter für GPU-Profiling-Traces</translation>
    </message>
    <message>
        <source>Trace files to open</source>
        <translation>Zu öffnende Trace-Dateien</translation>
    </message>
    <message>
        <source>Save a picture of the window to &lt;file&gt; once the trace is shown, then quit</source>
        <translation>Ein Bild des Fensters in &lt;file&gt; speichern, sobald der Trace angezeigt wird, und dann beenden</translation>
    </message>
    <message>
        <source>file</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Select the first event whose name matches &lt;pattern&gt; once the trace is shown</source>
        <translation>Das erste Ereignis, dessen Name zu &lt;pattern&gt; passt, auswählen, sobald der Trace angezeigt wird</translation>
    </message>
    <message>
        <source>pattern</source>
        <translation>Muster</translation>
    </message>
    <message>
        <source>Click the Breakdown bar of the operator &lt;op&gt; once it is shown</source>
        <translation>Den Breakdown-Balken des Operators &lt;op&gt; anklicken, sobald er angezeigt wird</translation>
    </message>
    <message>
        <source>Add a marker once the trace is shown: &apos;selected&apos; for the selected event, or nanoseconds from the trace start; &apos;=name&apos; names it (repeatable)</source>
        <translation>Eine Markierung setzen, sobald der Trace angezeigt wird: „selected“ für das ausgewählte Ereignis oder Nanosekunden ab Trace-Beginn; „=Name“ benennt sie (wiederholbar)</translation>
    </message>
    <message>
        <source>spec</source>
        <translation>Angabe</translation>
    </message>
    <message>
        <source>Select the time window &lt;from,to&gt; (ns from the trace start), on the given track ids if more follow, once the trace is shown</source>
        <translation>Wählt das Zeitfenster &lt;von,bis&gt; (ns ab Trace-Beginn) aus, auf den folgenden Spur-IDs, falls angegeben, sobald der Trace angezeigt wird</translation>
    </message>
    <message>
        <source>from,to[,track...]</source>
        <translation>von,bis[,Spur...]</translation>
    </message>
    <message>
        <source>List every event whose name matches &lt;pattern&gt; in the Instances panel once the trace is shown</source>
        <translation>Sobald der Trace angezeigt wird, jedes Ereignis, dessen Name auf &lt;pattern&gt; passt, in der Liste „Instanzen“ aufführen</translation>
    </message>
    <message>
        <source>For a picture: apply &lt;choices&gt; once the trace is shown (all-rows, hide-python, dark)</source>
        <translation>Für ein Bild: &lt;Auswahl&gt; anwenden, sobald der Trace angezeigt wird (all-rows, hide-python, dark)</translation>
    </message>
    <message>
        <source>choices</source>
        <translation>Auswahl</translation>
    </message>
    <message>
        <source>%1: no such file</source>
        <translation>%1: Datei nicht gefunden</translation>
    </message>
    <message>
        <source>%1: not readable</source>
        <translation>%1: nicht lesbar</translation>
    </message>
    <message>
        <source>%1: a folder without trace files</source>
        <translation>%1: ein Ordner ohne Trace-Dateien</translation>
    </message>
    <message>
        <source>Open each trace in a window of its own instead of all in one window</source>
        <translation>Jeden Trace in einem eigenen Fenster öffnen statt alle in einem Fenster</translation>
    </message>
    <message>
        <source>Compare the first trace with &lt;other&gt; once it is shown (File &gt; Compare With…)</source>
        <translation>Den ersten Trace nach dem Anzeigen mit &lt;other&gt; vergleichen (Datei &gt; Vergleichen mit…)</translation>
    </message>
    <message>
        <source>other</source>
        <translation>andere</translation>
    </message>
    <message>
        <source>With --compare: click the diff row named &lt;name&gt; once the table is filled</source>
        <translation>Mit --compare: die Vergleichszeile &lt;name&gt; anklicken, sobald die Tabelle gefüllt ist</translation>
    </message>
    <message>
        <source>name</source>
        <translation>Name</translation>
    </message>
</context>
<context>
    <name>tracelane::AboutDialog</name>
    <message>
        <source>GNU LGPL version 3</source>
        <translation>GNU LGPL Version 3</translation>
    </message>
    <message>
        <source>GNU GPL version 3</source>
        <translation>GNU GPL Version 3</translation>
    </message>
    <message>
        <source>MIT licence</source>
        <translation>MIT-Lizenz</translation>
    </message>
    <message>
        <source>Public domain</source>
        <translation>Gemeinfrei</translation>
    </message>
    <message>
        <source>zlib licence</source>
        <translation>zlib-Lizenz</translation>
    </message>
    <message>
        <source>Tracelane %1</source>
        <translation>Tracelane %1</translation>
    </message>
    <message>
        <source>A viewer for GPU profiling traces of deep-learning training.</source>
        <translation>Ein Betrachter für GPU-Profiling-Traces aus dem Deep-Learning-Training.</translation>
    </message>
    <message>
        <source>Tracelane uses these components:</source>
        <translation>Tracelane verwendet diese Komponenten:</translation>
    </message>
    <message>
        <source>About Tracelane</source>
        <translation>Über Tracelane</translation>
    </message>
</context>
<context>
    <name>tracelane::CollectivePanel</name>
    <message>
        <source>By collective</source>
        <translation>Nach Kollektiv</translation>
    </message>
    <message>
        <source>Each call</source>
        <translation>Jeder Aufruf</translation>
    </message>
    <message>
        <source>By rank</source>
        <translation>Nach Rang</translation>
    </message>
    <message>
        <source>One row per collective and process group, per call matched across the ranks, or per rank</source>
        <translation>Eine Zeile pro Kollektiv und Prozessgruppe, pro über die Ränge zugeordnetem Aufruf oder pro Rang</translation>
    </message>
    <message>
        <source>Rows:</source>
        <translation>Zeilen:</translation>
    </message>
    <message>
        <source>Straggler: the rank the others waited for most</source>
        <translation>Nachzügler: der Rang, auf den die anderen am längsten gewartet haben</translation>
    </message>
    <message>
        <source>Click a call to show it on every rank</source>
        <translation>Einen Aufruf anklicken, um ihn auf jedem Rang zu zeigen</translation>
    </message>
    <message numerus="yes">
        <source>%n collective call(s) matched across the ranks.</source>
        <translation>
            <numerusform>%n kollektiver Aufruf über die Ränge zugeordnet.</numerusform>
            <numerusform>%n kollektive Aufrufe über die Ränge zugeordnet.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Straggler: %1, the others waited for it in %n call(s).</source>
        <translation>
            <numerusform>Nachzügler: %1, die anderen warteten in %n Aufruf auf ihn.</numerusform>
            <numerusform>Nachzügler: %1, die anderen warteten in %n Aufrufen auf ihn.</numerusform>
        </translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>Rang %1</translation>
    </message>
    <message>
        <source>The ranks share no clock: they are placed by their first events, so skews are estimates.</source>
        <translation>Die Ränge haben keine gemeinsame Uhr: Sie sind nach ihren ersten Ereignissen ausgerichtet, Versätze sind daher Schätzungen.</translation>
    </message>
    <message numerus="yes">
        <source>%n call(s) found on fewer ranks than belong to their process group.</source>
        <translation>
            <numerusform>%n Aufruf auf weniger Rängen gefunden, als zu seiner Prozessgruppe gehören.</numerusform>
            <numerusform>%n Aufrufe auf weniger Rängen gefunden, als zu ihrer Prozessgruppe gehören.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n call(s) ran on some ranks only after they had ended on others (not synchronising, or clocks that disagree): their skew and last arrival say little.</source>
        <translation>
            <numerusform>%n Aufruf lief auf manchen Rängen erst, nachdem er auf anderen schon beendet war (nicht synchronisierend oder abweichende Uhren): Versatz und letzte Ankunft sagen wenig.</numerusform>
            <numerusform>%n Aufrufe liefen auf manchen Rängen erst, nachdem sie auf anderen schon beendet waren (nicht synchronisierend oder abweichende Uhren): Versatz und letzte Ankunft sagen wenig.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n call(s) named differently on different ranks.</source>
        <translation>
            <numerusform>%n Aufruf auf verschiedenen Rängen verschieden benannt.</numerusform>
            <numerusform>%n Aufrufe auf verschiedenen Rängen verschieden benannt.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tracelane::CompareBreakdown</name>
    <message>
        <source>Breaking the operators down…</source>
        <translation>Operatoren werden aufgeschlüsselt…</translation>
    </message>
    <message>
        <source>Click a row of the table to compare its breakdown</source>
        <translation>Eine Tabellenzeile anklicken, um ihre Aufschlüsselung zu vergleichen</translation>
    </message>
    <message>
        <source>Control</source>
        <translation>Kontrolle</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>Test</translation>
    </message>
    <message>
        <source>no operator “%1” (a kernel, or an op nested more than %2 levels deep)</source>
        <translation>kein Operator „%1“ (ein Kernel oder ein Op, der tiefer als %2 Ebenen verschachtelt ist)</translation>
    </message>
    <message numerus="yes">
        <source>depth %1, %n instance(s), CPU time %2, device time %3</source>
        <translation>
            <numerusform>Tiefe %1, %n Instanz, CPU-Zeit %2, Gerätezeit %3</numerusform>
            <numerusform>Tiefe %1, %n Instanzen, CPU-Zeit %2, Gerätezeit %3</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tracelane::CompareCharts</name>
    <message>
        <source>Iterations</source>
        <translation>Iterationen</translation>
    </message>
    <message>
        <source>Op Breakdown</source>
        <translation>Op-Aufschlüsselung</translation>
    </message>
</context>
<context>
    <name>tracelane::CompareChoiceDialog</name>
    <message>
        <source>Compare Traces</source>
        <translation>Traces vergleichen</translation>
    </message>
    <message numerus="yes">
        <source>This window holds %n traces. Choose the control, and the trace to compare with it: the diff counts each on its own.</source>
        <translation>
            <numerusform>Dieses Fenster enthält %n Trace. Wählen Sie die Kontrolle und den Trace, der mit ihr verglichen wird: der Vergleich zählt jeden für sich.</numerusform>
            <numerusform>Dieses Fenster enthält %n Traces. Wählen Sie die Kontrolle und den Trace, der mit ihr verglichen wird: der Vergleich zählt jeden für sich.</numerusform>
        </translation>
    </message>
    <message>
        <source>Control:</source>
        <translation>Kontrolle:</translation>
    </message>
    <message>
        <source>Test:</source>
        <translation>Test:</translation>
    </message>
    <message>
        <source>Another trace file…</source>
        <translation>Eine andere Trace-Datei…</translation>
    </message>
</context>
<context>
    <name>tracelane::CompareLayout</name>
    <message>
        <source>Differences</source>
        <translation>Unterschiede</translation>
    </message>
</context>
<context>
    <name>tracelane::ComparePanel</name>
    <message>
        <source>Filter rows…</source>
        <translation>Zeilen filtern…</translation>
    </message>
</context>
<context>
    <name>tracelane::CriticalPathPanel</name>
    <message>
        <source>Estimate</source>
        <translation>Abschätzen</translation>
    </message>
    <message>
        <source>What if… e.g. kernels=0.5, launch-overhead=0, op:DataLoader=0</source>
        <translation>Was wäre, wenn… z. B. kernels=0.5, launch-overhead=0, op:DataLoader=0</translation>
    </message>
    <message>
        <source>Scale durations and solve the path again: kernels=F, kernel:REGEX=F, op:REGEX=F, comm=F, memory=F, launch-overhead=F, cpu=F; several joined by commas. A model: queues and contention are not simulated.</source>
        <translation>Dauern skalieren und den Pfad neu bestimmen: kernels=F, kernel:REGEX=F, op:REGEX=F, comm=F, memory=F, launch-overhead=F, cpu=F; mehrere durch Kommas getrennt. Ein Modell: Warteschlangen und Konkurrenz werden nicht simuliert.</translation>
    </message>
    <message>
        <source>Step:</source>
        <translation>Schritt:</translation>
    </message>
    <message>
        <source>Open a trace to see the critical path of its steps.</source>
        <translation>Einen Trace öffnen, um den kritischen Pfad seiner Schritte zu sehen.</translation>
    </message>
    <message>
        <source>Finding the critical path…</source>
        <translation>Kritischer Pfad wird bestimmt…</translation>
    </message>
    <message>
        <source>This trace has no events to follow.</source>
        <translation>Dieser Trace hat keine Ereignisse, denen der Pfad folgen kann.</translation>
    </message>
    <message>
        <source>Cannot estimate: %1</source>
        <translation>Abschätzung nicht möglich: %1</translation>
    </message>
    <message>
        <source>Estimating…</source>
        <translation>Wird abgeschätzt…</translation>
    </message>
    <message>
        <source>%1 %2 %</source>
        <translation>%1 %2 %</translation>
    </message>
    <message>
        <source>%1: %2 → %3 (%4 %). Then: %5. An estimate: queues and contention are not simulated.</source>
        <translation>%1: %2 → %3 (%4 %). Danach: %5. Eine Abschätzung: Warteschlangen und Konkurrenz werden nicht simuliert.</translation>
    </message>
    <message>
        <source>Whole trace</source>
        <translation>Gesamter Trace</translation>
    </message>
</context>
<context>
    <name>tracelane::DetailsPanel</name>
    <message>
        <source>Kind:</source>
        <translation>Art:</translation>
    </message>
    <message>
        <source>Track:</source>
        <translation>Spur:</translation>
    </message>
    <message>
        <source>Start:</source>
        <translation>Beginn:</translation>
    </message>
    <message>
        <source>Duration:</source>
        <translation>Dauer:</translation>
    </message>
    <message>
        <source>End:</source>
        <translation>Ende:</translation>
    </message>
    <message>
        <source>Argument</source>
        <translation>Argument</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>No event selected. Click an event in the timeline.</source>
        <translation>Kein Ereignis ausgewählt. Klicken Sie auf ein Ereignis in der Zeitleiste.</translation>
    </message>
    <message>
        <source>correlation</source>
        <translation>Korrelation</translation>
    </message>
    <message>
        <source>Launched</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Leads to</source>
        <translation>Führt zu</translation>
    </message>
    <message>
        <source>Launched by</source>
        <translation>Gestartet von</translation>
    </message>
    <message>
        <source>Backward of</source>
        <translation>Rückwärtsschritt von</translation>
    </message>
    <message>
        <source>Comes from</source>
        <translation>Kommt von</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Select %1 on %2</source>
        <translation>%1 auf %2 auswählen</translation>
    </message>
    <message>
        <source>Copy Name</source>
        <translation>Namen kopieren</translation>
    </message>
    <message>
        <source>Grid:</source>
        <translation>Grid:</translation>
    </message>
    <message>
        <source>Block:</source>
        <translation>Block:</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Launched by %1</source>
        <translation>Gestartet von %1</translation>
    </message>
    <message>
        <source>Linked to %1</source>
        <translation>Verknüpft mit %1</translation>
    </message>
    <message numerus="yes">
        <source>%n kernels</source>
        <translation>
            <numerusform>%n Kernel</numerusform>
            <numerusform>%n Kernel</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU operations</source>
        <translation>
            <numerusform>%n GPU-Operation</numerusform>
            <numerusform>%n GPU-Operationen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n events</source>
        <translation>
            <numerusform>%n Ereignis</numerusform>
            <numerusform>%n Ereignisse</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2, %3</source>
        <translation>%1: %2, %3</translation>
    </message>
    <message>
        <source>Their GPU time, summed</source>
        <translation>Ihre GPU-Zeit, summiert</translation>
    </message>
    <message>
        <source>Their durations, summed</source>
        <translation>Ihre Dauern, summiert</translation>
    </message>
    <message>
        <source>List them</source>
        <translation>Auflisten</translation>
    </message>
    <message>
        <source>Show them in the Instances panel</source>
        <translation>In der Liste „Instanzen“ anzeigen</translation>
    </message>
</context>
<context>
    <name>tracelane::DiagnosticText</name>
    <message>
        <source>argument values nested deeper than 64 levels were cut there (shown as &quot;...&quot;)</source>
        <translation>Argumentwerte mit mehr als 64 Verschachtelungsebenen wurden dort abgeschnitten (angezeigt als „...“)</translation>
    </message>
    <message>
        <source>async end events with no matching begin</source>
        <translation>asynchrone End-Ereignisse ohne passenden Beginn</translation>
    </message>
    <message>
        <source>events whose &quot;dur&quot; is not a number were given duration 0</source>
        <translation>Ereignisse, deren „dur“ keine Zahl ist, erhielten die Dauer 0</translation>
    </message>
    <message>
        <source>slices never closed were ended at the trace&apos;s last timestamp</source>
        <translation>nie geschlossene Abschnitte wurden beim letzten Zeitstempel des Traces beendet</translation>
    </message>
    <message>
        <source>events of categories past the 32766th share one category</source>
        <translation>Ereignisse der Kategorien nach der 32766. teilen sich eine Kategorie</translation>
    </message>
    <message>
        <source>counter values that are not numbers were skipped</source>
        <translation>Zählerwerte, die keine Zahlen sind, wurden übersprungen</translation>
    </message>
    <message>
        <source>events nested deeper than 255 levels are drawn at level 255</source>
        <translation>Ereignisse mit mehr als 255 Verschachtelungsebenen werden auf Ebene 255 gezeichnet</translation>
    </message>
    <message>
        <source>API calls share a correlation id; the first one is linked</source>
        <translation>API-Aufrufe teilen sich eine Korrelations-ID; nur der erste wird verknüpft</translation>
    </message>
    <message>
        <source>enqueues without device profiling times have no kernel on the queue</source>
        <translation>Enqueue-Aufrufe ohne Profiling-Zeiten des Geräts haben keinen Kernel in der Warteschlange</translation>
    </message>
    <message>
        <source>clSetKernelArg calls without an argument index were not applied</source>
        <translation>clSetKernelArg-Aufrufe ohne Argumentindex wurden nicht angewendet</translation>
    </message>
    <message>
        <source>enqueues whose profiling times are missing or out of order have no kernel</source>
        <translation>Enqueue-Aufrufe mit fehlenden oder falsch geordneten Profiling-Zeiten haben keinen Kernel</translation>
    </message>
    <message>
        <source>array entries that are not OpenCL call records were skipped</source>
        <translation>Array-Einträge, die keine OpenCL-Aufrufdatensätze sind, wurden übersprungen</translation>
    </message>
    <message>
        <source>calls without readable ISO start and end times were skipped</source>
        <translation>Aufrufe ohne lesbare ISO-Zeiten für Beginn und Ende wurden übersprungen</translation>
    </message>
    <message>
        <source>E events named differently from the B they close (closed it anyway)</source>
        <translation>E-Ereignisse mit anderem Namen als das B, das sie schließen (trotzdem geschlossen)</translation>
    </message>
    <message>
        <source>events ending more than 146 years from the trace&apos;s zero were cut there</source>
        <translation>Ereignisse, die mehr als 146 Jahre vom Nullpunkt des Traces entfernt enden, wurden dort abgeschnitten</translation>
    </message>
    <message>
        <source>E events with no open B event on their thread</source>
        <translation>E-Ereignisse ohne offenes B-Ereignis in ihrem Thread</translation>
    </message>
    <message>
        <source>flow starts (&quot;flow_out&quot;) for an id already started were ignored</source>
        <translation>Flussanfänge („flow_out“) für eine bereits begonnene ID wurden ignoriert</translation>
    </message>
    <message>
        <source>launch flow ends on %1 calls that launched no GPU work (no arrow)</source>
        <translation>Startflussenden auf %1-Aufrufen, die keine GPU-Arbeit gestartet haben (kein Pfeil)</translation>
    </message>
    <message>
        <source>launch flows from synchronisation calls with no GPU-side record (no arrow)</source>
        <translation>Startflüsse von Synchronisationsaufrufen ohne GPU-seitigen Datensatz (kein Pfeil)</translation>
    </message>
    <message>
        <source>flow events with no slice at their time on their thread</source>
        <translation>Flussereignisse ohne Abschnitt zu ihrer Zeit in ihrem Thread</translation>
    </message>
    <message>
        <source>slices with a &quot;bind_id&quot; but neither &quot;flow_in&quot; nor &quot;flow_out&quot; got no arrow</source>
        <translation>Abschnitte mit „bind_id“, aber weder „flow_in“ noch „flow_out“ erhielten keinen Pfeil</translation>
    </message>
    <message>
        <source>flow starts with no matching end (kept no arrow)</source>
        <translation>Flussanfänge ohne passendes Ende (ohne Pfeil)</translation>
    </message>
    <message>
        <source>flow events without an id were skipped</source>
        <translation>Flussereignisse ohne ID wurden übersprungen</translation>
    </message>
    <message>
        <source>flow ends or steps with no matching start (kept no arrow)</source>
        <translation>Flussenden oder -schritte ohne passenden Anfang (ohne Pfeil)</translation>
    </message>
    <message>
        <source>GPU operations whose launching API call is not in the trace</source>
        <translation>GPU-Operationen, deren startender API-Aufruf nicht im Trace ist</translation>
    </message>
    <message>
        <source>slices on one thread overlap without nesting</source>
        <translation>Abschnitte in einem Thread überlappen sich ohne Verschachtelung</translation>
    </message>
    <message>
        <source>raw control characters inside strings (not strict JSON) were read as they are</source>
        <translation>rohe Steuerzeichen in Zeichenketten (kein striktes JSON) wurden unverändert gelesen</translation>
    </message>
    <message>
        <source>bytes inside strings that are not UTF-8 were replaced by U+FFFD (�)</source>
        <translation>Bytes in Zeichenketten, die kein gültiges UTF-8 sind, wurden durch U+FFFD (�) ersetzt</translation>
    </message>
    <message>
        <source>trailing commas before &apos;}&apos; or &apos;]&apos; (not strict JSON) were accepted</source>
        <translation>nachgestellte Kommas vor „}“ oder „]“ (kein striktes JSON) wurden akzeptiert</translation>
    </message>
    <message>
        <source>Correlation ids that could not be kept unique across the traces; their launches are not linked to their GPU work</source>
        <translation>Korrelations-IDs, die über die Traces hinweg nicht eindeutig gehalten werden konnten; ihre Starts sind nicht mit ihrer GPU-Arbeit verknüpft</translation>
    </message>
    <message>
        <source>X events without &quot;dur&quot; were given duration 0</source>
        <translation>X-Ereignisse ohne „dur“ erhielten die Dauer 0</translation>
    </message>
    <message>
        <source>events without a &quot;ph&quot; were skipped</source>
        <translation>Ereignisse ohne „ph“ wurden übersprungen</translation>
    </message>
    <message>
        <source>names longer than 64 KiB were cut</source>
        <translation>Namen über 64 KiB wurden gekürzt</translation>
    </message>
    <message>
        <source>events with a negative duration were given duration 0</source>
        <translation>Ereignisse mit negativer Dauer erhielten die Dauer 0</translation>
    </message>
    <message>
        <source>entries of the event array that are not objects were skipped</source>
        <translation>Einträge des Ereignis-Arrays, die keine Objekte sind, wurden übersprungen</translation>
    </message>
    <message>
        <source>columns this nsys version did not write were read as empty</source>
        <translation>Spalten, die diese nsys-Version nicht geschrieben hat, wurden als leer gelesen</translation>
    </message>
    <message>
        <source>lines that are not a JSON object were skipped</source>
        <translation>Zeilen, die kein JSON-Objekt sind, wurden übersprungen</translation>
    </message>
    <message>
        <source>events missing a time or thread were skipped</source>
        <translation>Ereignisse ohne Zeit oder Thread wurden übersprungen</translation>
    </message>
    <message>
        <source>lines nested deeper than 64 levels (not an nsys record) were skipped</source>
        <translation>Zeilen mit mehr als 64 Verschachtelungsebenen (kein nsys-Datensatz) wurden übersprungen</translation>
    </message>
    <message>
        <source>the last line is cut off (the file is truncated); it was skipped</source>
        <translation>die letzte Zeile ist abgeschnitten (die Datei ist unvollständig); sie wurde übersprungen</translation>
    </message>
    <message>
        <source>records of an unknown kind were skipped</source>
        <translation>Datensätze unbekannter Art wurden übersprungen</translation>
    </message>
    <message>
        <source>the export has no StringIds table: names are empty</source>
        <translation>der Export hat keine StringIds-Tabelle: Namen sind leer</translation>
    </message>
    <message>
        <source>string table entries with a negative id were skipped</source>
        <translation>Einträge der Stringtabelle mit negativer ID wurden übersprungen</translation>
    </message>
    <message>
        <source>names referring to a string id missing from the string table were left empty</source>
        <translation>Namen, die auf eine in der Stringtabelle fehlende String-ID verweisen, blieben leer</translation>
    </message>
    <message>
        <source>tables without a column Tracelane needs were skipped</source>
        <translation>Tabellen ohne eine von Tracelane benötigte Spalte wurden übersprungen</translation>
    </message>
    <message>
        <source>columns this nvprof version did not write were read as empty</source>
        <translation>Spalten, die diese nvprof-Version nicht geschrieben hat, wurden als leer gelesen</translation>
    </message>
    <message>
        <source>synchronizations in a context not listed in CUPTI_ACTIVITY_KIND_CONTEXT were placed on device 0</source>
        <translation>Synchronisationen in einem nicht in CUPTI_ACTIVITY_KIND_CONTEXT aufgeführten Kontext wurden Gerät 0 zugeordnet</translation>
    </message>
    <message>
        <source>the profile holds no activity: nothing ran on the GPU or through CUDA while nvprof was recording</source>
        <translation>das Profil enthält keine Aktivität: während der Aufzeichnung durch nvprof lief nichts auf der GPU oder über CUDA</translation>
    </message>
    <message>
        <source>NVTX ranges ending before they start were skipped</source>
        <translation>NVTX-Bereiche, die vor ihrem Beginn enden, wurden übersprungen</translation>
    </message>
    <message>
        <source>markers without a process or thread were placed on process 0</source>
        <translation>Marker ohne Prozess oder Thread wurden Prozess 0 zugeordnet</translation>
    </message>
    <message>
        <source>markers of other kinds (synchronization markers) were skipped</source>
        <translation>Marker anderer Art (Synchronisationsmarker) wurden übersprungen</translation>
    </message>
    <message>
        <source>NVTX ranges that never ended were left out</source>
        <translation>nie beendete NVTX-Bereiche wurden weggelassen</translation>
    </message>
    <message>
        <source>NVTX range ends without a start were skipped</source>
        <translation>NVTX-Bereichsenden ohne Beginn wurden übersprungen</translation>
    </message>
    <message>
        <source>names referring to an id missing from StringTable were left empty</source>
        <translation>Namen, die auf eine in StringTable fehlende ID verweisen, blieben leer</translation>
    </message>
    <message>
        <source>NVTX events of a domain whose name was not recorded (named by its id)</source>
        <translation>NVTX-Ereignisse einer Domäne, deren Name nicht aufgezeichnet wurde (nach ihrer ID benannt)</translation>
    </message>
    <message>
        <source>NVTX events of other types (payloads, resource names) were skipped</source>
        <translation>NVTX-Ereignisse anderer Typen (Payloads, Ressourcennamen) wurden übersprungen</translation>
    </message>
    <message>
        <source>thread-state events (ph &quot;T&quot;) were skipped: Tracelane has no lane for them</source>
        <translation>Thread-Status-Ereignisse (ph „T“) wurden übersprungen: Tracelane hat keine Spur dafür</translation>
    </message>
    <message>
        <source>events starting more than 146 years from the trace&apos;s zero were skipped</source>
        <translation>Ereignisse, die mehr als 146 Jahre vom Nullpunkt des Traces entfernt beginnen, wurden übersprungen</translation>
    </message>
    <message>
        <source>Trace files that could not be opened with the others</source>
        <translation>Trace-Dateien, die nicht zusammen mit den anderen geöffnet werden konnten</translation>
    </message>
    <message>
        <source>events of an unsupported phase (ph) were skipped</source>
        <translation>Ereignisse einer nicht unterstützten Phase (ph) wurden übersprungen</translation>
    </message>
    <message>
        <source>the event array is not closed (the writer may have stopped early); all complete events were read</source>
        <translation>das Ereignis-Array ist nicht geschlossen (der Schreiber hat womöglich vorzeitig aufgehört); alle vollständigen Ereignisse wurden gelesen</translation>
    </message>
    <message>
        <source>strings with unescaped &apos;&quot;&apos; inside (PyTorch&apos;s with_stack names) were read whole</source>
        <translation>Zeichenketten mit unmaskiertem &apos;&quot;&apos; (Namen aus with_stack von PyTorch) wurden vollständig gelesen</translation>
    </message>
    <message>
        <source>events of the file&apos;s other ranks were left out</source>
        <translation>Ereignisse der anderen Ranks der Datei wurden ausgelassen</translation>
    </message>
    <message>
        <source>debug annotations without a name or with a nested or unknown value type</source>
        <translation>Debug-Annotationen ohne Namen oder mit verschachteltem oder unbekanntem Werttyp</translation>
    </message>
    <message>
        <source>slices never ended were closed at the trace&apos;s last timestamp</source>
        <translation>nie beendete Abschnitte wurden am letzten Zeitstempel des Traces geschlossen</translation>
    </message>
    <message>
        <source>track events on a clock no clock snapshot links to the trace clock (their timestamps are used as they are)</source>
        <translation>Track-Ereignisse auf einer Uhr, die kein Clock-Snapshot mit der Trace-Uhr verbindet (Zeitstempel unverändert übernommen)</translation>
    </message>
    <message>
        <source>counter values for tracks without a CounterDescriptor (skipped)</source>
        <translation>Zählerwerte für Tracks ohne CounterDescriptor (übersprungen)</translation>
    </message>
    <message>
        <source>slice ends with no open slice on their track (skipped)</source>
        <translation>Abschnittsenden ohne offenen Abschnitt auf ihrem Track (übersprungen)</translation>
    </message>
    <message>
        <source>track events without a timestamp (skipped)</source>
        <translation>Track-Ereignisse ohne Zeitstempel (übersprungen)</translation>
    </message>
    <message>
        <source>track events without a type (legacy JSON-style events, skipped)</source>
        <translation>Track-Ereignisse ohne Typ (alte JSON-artige Ereignisse, übersprungen)</translation>
    </message>
    <message>
        <source>extra counter values without a counter track uuid (skipped)</source>
        <translation>zusätzliche Zählerwerte ohne Zähler-Track-UUID (übersprungen)</translation>
    </message>
    <message>
        <source>flow ids seen on one event only (no arrow drawn)</source>
        <translation>Flow-IDs, die nur an einem Ereignis vorkommen (kein Pfeil)</translation>
    </message>
    <message>
        <source>packets that need interned data or defaults their sequence never set (no SEQ_INCREMENTAL_STATE_CLEARED before them; skipped, as Perfetto does)</source>
        <translation>Pakete, die internierte Daten oder Vorgaben brauchen, die ihre Sequenz nie gesetzt hat (kein SEQ_INCREMENTAL_STATE_CLEARED davor; übersprungen wie in Perfetto)</translation>
    </message>
    <message>
        <source>slices and instants on counter tracks (skipped)</source>
        <translation>Abschnitte und Zeitpunkte auf Zähler-Tracks (übersprungen)</translation>
    </message>
    <message>
        <source>top-level fields other than packets (skipped)</source>
        <translation>Felder der obersten Ebene außer Paketen (übersprungen)</translation>
    </message>
    <message>
        <source>the file ends inside a packet: the last packet is left out</source>
        <translation>die Datei endet mitten in einem Paket: das letzte Paket fehlt</translation>
    </message>
    <message>
        <source>GPU work on an agent index beyond 32 bits was skipped</source>
        <translation>GPU-Arbeit auf einem Agent-Index jenseits von 32 Bit wurde übersprungen</translation>
    </message>
    <message>
        <source>memory allocations and frees are in the database but not drawn</source>
        <translation>Speicherbelegungen und -freigaben stehen in der Datenbank, werden aber nicht gezeichnet</translation>
    </message>
    <message>
        <source>memory copies without a start or end time were skipped</source>
        <translation>Speicherkopien ohne Start- oder Endzeit wurden übersprungen</translation>
    </message>
    <message>
        <source>correlation ids past 32 bits were not linked</source>
        <translation>Korrelations-IDs jenseits von 32 Bit wurden nicht verknüpft</translation>
    </message>
    <message>
        <source>the database holds no kernels, copies or API calls</source>
        <translation>die Datenbank enthält keine Kernel, Kopien oder API-Aufrufe</translation>
    </message>
    <message>
        <source>kernels without a start or end time were skipped</source>
        <translation>Kernel ohne Start- oder Endzeit wurden übersprungen</translation>
    </message>
    <message>
        <source>regions without a start or end time were skipped</source>
        <translation>Regionen ohne Start- oder Endzeit wurden übersprungen</translation>
    </message>
    <message>
        <source>GPU work on agents missing from the agent list was put on devices numbered from 1000</source>
        <translation>GPU-Arbeit auf Agents, die in der Agent-Liste fehlen, liegt auf Geräten ab Nummer 1000</translation>
    </message>
    <message>
        <source>correlation ids too large to keep were dropped (no launch arrow)</source>
        <translation>zu große Korrelations-IDs wurden verworfen (kein Start-Pfeil)</translation>
    </message>
    <message>
        <source>the file holds no trace records</source>
        <translation>die Datei enthält keine Trace-Einträge</translation>
    </message>
    <message>
        <source>kernel dispatches whose kernel_id is not in kernel_symbols were named &apos;kernel N&apos;</source>
        <translation>Kernel-Starts, deren kernel_id nicht in kernel_symbols steht, heißen &apos;kernel N&apos;</translation>
    </message>
    <message>
        <source>records of kinds Tracelane does not show were skipped</source>
        <translation>Einträge von Arten, die Tracelane nicht zeigt, wurden übersprungen</translation>
    </message>
    <message>
        <source>the file has no HIP or HSA API records (rocprofv3 ran without --hip-trace / --hsa-trace): GPU work has no launching call</source>
        <translation>die Datei hat keine HIP- oder HSA-API-Einträge (rocprofv3 lief ohne --hip-trace / --hsa-trace): GPU-Arbeit hat keinen startenden Aufruf</translation>
    </message>
    <message>
        <source>API calls without a start or end time were skipped</source>
        <translation>API-Aufrufe ohne Start- oder Endzeit wurden übersprungen</translation>
    </message>
    <message>
        <source>the profile holds no GPU operations and no API calls</source>
        <translation>das Profil enthält weder GPU-Operationen noch API-Aufrufe</translation>
    </message>
    <message>
        <source>GPU operations on a gpuId beyond 32 bits were skipped</source>
        <translation>GPU-Operationen mit einer gpuId jenseits von 32 Bit wurden übersprungen</translation>
    </message>
    <message>
        <source>the profile has no rocpd_api_ops table: no launch arrows</source>
        <translation>das Profil hat keine Tabelle rocpd_api_ops: keine Start-Pfeile</translation>
    </message>
    <message>
        <source>GPU operations listed under several API calls in rocpd_api_ops; the first is linked</source>
        <translation>GPU-Operationen, die in rocpd_api_ops unter mehreren API-Aufrufen stehen; der erste wird verknüpft</translation>
    </message>
    <message>
        <source>GPU operations of a type Tracelane does not know were skipped</source>
        <translation>GPU-Operationen eines Typs, den Tracelane nicht kennt, wurden übersprungen</translation>
    </message>
    <message>
        <source>GPU operations without a start or end time were skipped</source>
        <translation>GPU-Operationen ohne Start- oder Endzeit wurden übersprungen</translation>
    </message>
    <message>
        <source>names referring to an id missing from rocpd_string were left empty</source>
        <translation>Namen, die auf eine in rocpd_string fehlende ID verweisen, blieben leer</translation>
    </message>
    <message>
        <source>aggregated events (num_occurrences instead of a time) were skipped</source>
        <translation>zusammengefasste Ereignisse (num_occurrences statt einer Zeit) wurden übersprungen</translation>
    </message>
    <message>
        <source>stats holding raw bytes (serialized protos) were not kept as arguments</source>
        <translation>Stats mit Rohbytes (serialisierte Protos) wurden nicht als Argumente übernommen</translation>
    </message>
    <message>
        <source>consumer contexts (_c) without a producer event (_p) in the file drew no arrow</source>
        <translation>Consumer-Kontexte (_c) ohne Producer-Ereignis (_p) in der Datei haben keinen Pfeil</translation>
    </message>
    <message>
        <source>correlation ids past 32 bits were not linked (kept as the correlation_id argument)</source>
        <translation>Korrelations-IDs jenseits von 32 Bit wurden nicht verknüpft (als Argument correlation_id behalten)</translation>
    </message>
    <message>
        <source>events whose metadata_id is not in their plane&apos;s event_metadata were named by the id</source>
        <translation>Ereignisse, deren metadata_id nicht im event_metadata ihrer Ebene steht, heißen nach der ID</translation>
    </message>
    <message>
        <source>protobuf fields not in xplane.proto (or of another type) were skipped</source>
        <translation>Protobuf-Felder, die nicht in xplane.proto stehen (oder einen anderen Typ haben), wurden übersprungen</translation>
    </message>
    <message>
        <source>flow stats whose id no other event carries drew no arrow</source>
        <translation>Flow-Stats, deren ID kein anderes Ereignis trägt, haben keinen Pfeil</translation>
    </message>
    <message>
        <source>the /host:metadata plane (HLO protos) is not shown</source>
        <translation>die Ebene /host:metadata (HLO-Protos) wird nicht gezeigt</translation>
    </message>
    <message>
        <source>planes Tracelane does not show (not /host:CPU, /device:GPU:N or /device:TPU:N) were skipped</source>
        <translation>Ebenen, die Tracelane nicht zeigt (nicht /host:CPU, /device:GPU:N oder /device:TPU:N), wurden übersprungen</translation>
    </message>
    <message>
        <source>the profiler reported errors while it wrote the file</source>
        <translation>der Profiler meldete Fehler beim Schreiben der Datei</translation>
    </message>
    <message>
        <source>the profiler reported warnings while it wrote the file</source>
        <translation>der Profiler meldete Warnungen beim Schreiben der Datei</translation>
    </message>
    <message>
        <source>stats whose metadata_id is not in their plane&apos;s stat_metadata were named by the id</source>
        <translation>Stats, deren metadata_id nicht im stat_metadata ihrer Ebene steht, heißen nach der ID</translation>
    </message>
    <message>
        <source>XLA Ops and XLA Modules lanes were made from the kernels&apos; hlo_op and hlo_module (the file has no such lines)</source>
        <translation>Spuren XLA Ops und XLA Modules wurden aus hlo_op und hlo_module der Kernel gebildet (die Datei hat keine solchen Zeilen)</translation>
    </message>
</context>
<context>
    <name>tracelane::DiagnosticsPanel</name>
    <message>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>First seen at</source>
        <translation>Zuerst gesehen bei</translation>
    </message>
    <message>
        <source>Information</source>
        <translation>Hinweise</translation>
    </message>
</context>
<context>
    <name>tracelane::EfficiencyPanel</name>
    <message>
        <source>GPU Time</source>
        <translation>GPU-Zeit</translation>
    </message>
    <message>
        <source>Idle Causes</source>
        <translation>Leerlaufursachen</translation>
    </message>
    <message>
        <source>Longest Gaps</source>
        <translation>Längste Lücken</translation>
    </message>
    <message>
        <source>Launch Delay</source>
        <translation>Startverzögerung</translation>
    </message>
    <message>
        <source>Overheads</source>
        <translation>Overheads</translation>
    </message>
    <message>
        <source>Open a trace to see where the GPU&apos;s time goes and why it waits.</source>
        <translation>Öffnen Sie einen Trace, um zu sehen, wofür die GPU ihre Zeit verwendet und warum sie wartet.</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Wird berechnet…</translation>
    </message>
    <message>
        <source>No GPU operations in this trace</source>
        <translation>Keine GPU-Operationen in diesem Trace</translation>
    </message>
    <message>
        <source>The %1 longest idle gaps of all streams; click one to show it on the timeline.</source>
        <translation>Die %1 längsten Leerlauflücken aller Streams; klicken Sie auf eine, um sie in der Zeitleiste zu zeigen.</translation>
    </message>
    <message>
        <source>Shows the gap with some work before and after it, marks it as the time selection and selects the launch call that came late (or the operation after the gap, when it has no launch call).</source>
        <translation>Zeigt die Lücke mit etwas Arbeit davor und danach, markiert sie als Zeitauswahl und wählt den verspäteten Startaufruf aus (oder die Operation nach der Lücke, wenn sie keinen Startaufruf hat).</translation>
    </message>
    <message>
        <source>Per operator, in ns: T2 start to first launch call · T3 last launch call to end · T5 between its launch calls; T1 between operators · T4 the launch calls</source>
        <translation>Je Operator, in ns: T2 Beginn bis erster Startaufruf · T3 letzter Startaufruf bis Ende · T5 zwischen seinen Startaufrufen; T1 zwischen Operatoren · T4 die Startaufrufe</translation>
    </message>
    <message>
        <source>Launch overheads T1-T5 as tracelane-cli overheads prints them: operators are the outermost CPU ops, or the outermost ranges in traces without CPU ops.</source>
        <translation>Start-Overheads T1–T5, wie tracelane-cli overheads sie ausgibt: Operatoren sind die äußersten CPU-Operationen, in Traces ohne CPU-Operationen die äußersten Bereiche.</translation>
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
        <translation>Zeitbereich</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Ereignis</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Beginn</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Kosten</translation>
    </message>
</context>
<context>
    <name>tracelane::FindingModel</name>
    <message>
        <source>Severity</source>
        <translation>Schwere</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
    <message>
        <source>On Critical Path</source>
        <translation>Auf dem kritischen Pfad</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>Share of Step</source>
        <translation>Anteil am Schritt</translation>
    </message>
</context>
<context>
    <name>tracelane::FindingText</name>
    <message>
        <source>Find what the CPU did while the GPU waited: sample the CPU, look for blocking OS calls and thread synchronisation, and mark the CPU code with NVTX ranges to see which part leaves the GPU without work</source>
        <translation>Herausfinden, was die CPU tat, während die GPU wartete: die CPU sampeln, nach blockierenden Systemaufrufen und Thread-Synchronisation suchen und den CPU-Code mit NVTX-Bereichen markieren, um zu sehen, welcher Teil die GPU ohne Arbeit lässt</translation>
    </message>
    <message>
        <source>Async memcpy with pageable memory</source>
        <translation>Asynchrones memcpy mit auslagerbarem Speicher</translation>
    </message>
    <message>
        <source>Copy from and to pinned (page-locked) host memory (cudaMallocHost or cudaHostAlloc; in PyTorch pin_memory=True and non_blocking=True), so cudaMemcpyAsync returns at once</source>
        <translation>Aus und in gepinnten (seitenfixierten) Host-Speicher kopieren (cudaMallocHost oder cudaHostAlloc; in PyTorch pin_memory=True und non_blocking=True), damit cudaMemcpyAsync sofort zurückkehrt</translation>
    </message>
    <message>
        <source>Synchronous memcpy</source>
        <translation>Synchrones memcpy</translation>
    </message>
    <message>
        <source>Use cudaMemcpyAsync (cudaMemcpy*Async) on a stream, with pinned host memory, and synchronise only where the result is needed</source>
        <translation>cudaMemcpyAsync (cudaMemcpy*Async) auf einem Stream mit gepinntem Host-Speicher verwenden und nur dort synchronisieren, wo das Ergebnis gebraucht wird</translation>
    </message>
    <message>
        <source>Synchronous memset</source>
        <translation>Synchrones memset</translation>
    </message>
    <message>
        <source>Use cudaMemsetAsync on a stream and synchronise only where the result is needed</source>
        <translation>cudaMemsetAsync auf einem Stream verwenden und nur dort synchronisieren, wo das Ergebnis gebraucht wird</translation>
    </message>
    <message>
        <source>Synchronisation calls</source>
        <translation>Synchronisationsaufrufe</translation>
    </message>
    <message>
        <source>Synchronise less often; wait on events instead (cudaStreamWaitEvent between streams, cudaEventSynchronize for one result) so the host keeps issuing work</source>
        <translation>Seltener synchronisieren; stattdessen auf Events warten (cudaStreamWaitEvent zwischen Streams, cudaEventSynchronize für ein Ergebnis), damit der Host weiter Arbeit absetzt</translation>
    </message>
    <message>
        <source>GPU idle gaps</source>
        <translation>GPU-Leerlauflücken</translation>
    </message>
    <message>
        <source>Low GPU utilisation over time</source>
        <translation>Geringe GPU-Auslastung über die Zeit</translation>
    </message>
    <message>
        <source>Data loading in the step</source>
        <translation>Datenladen im Schritt</translation>
    </message>
    <message>
        <source>Load data in worker processes: set num_workers on the DataLoader (with pin_memory=True), so the next batches are prepared while the GPU computes</source>
        <translation>Daten in Worker-Prozessen laden: num_workers am DataLoader setzen (mit pin_memory=True), damit die nächsten Batches vorbereitet werden, während die GPU rechnet</translation>
    </message>
    <message>
        <source>Communication in the step</source>
        <translation>Kommunikation im Schritt</translation>
    </message>
    <message>
        <source>Communicate less or less often: gradient compression (DDP communication hooks), gradient accumulation or a larger batch; both raise the effective batch size, which can hurt convergence (an optimizer such as LAMB helps there)</source>
        <translation>Weniger oder seltener kommunizieren: Gradientenkompression (DDP-Kommunikations-Hooks), Gradientenakkumulation oder ein größerer Batch; beides erhöht die effektive Batchgröße, was die Konvergenz verschlechtern kann (ein Optimierer wie LAMB hilft dann)</translation>
    </message>
    <message>
        <source>Low GPU utilisation</source>
        <translation>Geringe GPU-Auslastung</translation>
    </message>
    <message>
        <source>Give the GPU more work per step, e.g. a larger batch size (which can change how fast and how stably the model converges), and remove what keeps it waiting (synchronisations, input loading)</source>
        <translation>Der GPU pro Schritt mehr Arbeit geben, z. B. eine größere Batchgröße (was ändern kann, wie schnell und stabil das Modell konvergiert), und beseitigen, was sie warten lässt (Synchronisationen, Laden der Eingaben)</translation>
    </message>
    <message>
        <source>No tensor cores used</source>
        <translation>Keine Tensor Cores genutzt</translation>
    </message>
    <message>
        <source>Enable automatic mixed precision (torch.autocast with float16 or bfloat16, and a gradient scaler for float16) so matrix multiplications and convolutions run on tensor cores</source>
        <translation>Automatische gemischte Genauigkeit aktivieren (torch.autocast mit float16 oder bfloat16 und ein Gradient-Scaler für float16), damit Matrixmultiplikationen und Faltungen auf Tensor Cores laufen</translation>
    </message>
    <message>
        <source>Launch queue full</source>
        <translation>Startwarteschlange voll</translation>
    </message>
    <message>
        <source>The CPU is far ahead of the GPU, so the GPU is the bottleneck: make the kernels cheaper (fusion, mixed precision, better algorithms) rather than the launches; the blocked CPU time is free for other work</source>
        <translation>Die CPU ist der GPU weit voraus, die GPU ist also der Engpass: die Kernel billiger machen (Fusion, gemischte Genauigkeit, bessere Algorithmen) statt der Starts; die blockierte CPU-Zeit ist frei für andere Arbeit</translation>
    </message>
    <message>
        <source>Kernels shorter than their launch</source>
        <translation>Kernel kürzer als ihr Start</translation>
    </message>
    <message>
        <source>Launch fewer, larger kernels: capture the step in a CUDA graph (torch.cuda.CUDAGraph, torch.compile with mode=&quot;reduce-overhead&quot;) or fuse small operations (torch.compile, fused optimizers)</source>
        <translation>Weniger, größere Kernel starten: den Schritt in einem CUDA-Graphen aufzeichnen (torch.cuda.CUDAGraph, torch.compile mit mode=&quot;reduce-overhead&quot;) oder kleine Operationen fusionieren (torch.compile, fusionierte Optimierer)</translation>
    </message>
    <message>
        <source>Host-to-device copies in the step</source>
        <translation>Kopien vom Host zum Gerät im Schritt</translation>
    </message>
    <message>
        <source>Copy the next batch while the current one computes: pinned memory and non_blocking=True on a side stream (or a prefetching DataLoader with pin_memory=True), waiting on an event before use</source>
        <translation>Den nächsten Batch kopieren, während der aktuelle rechnet: gepinnter Speicher und non_blocking=True auf einem Neben-Stream (oder ein vorausladender DataLoader mit pin_memory=True), vor der Verwendung auf ein Event warten</translation>
    </message>
    <message>
        <source>Straggler rank</source>
        <translation>Nachzügler-Rang</translation>
    </message>
    <message>
        <source>Find what only this rank does or waits for: compare its steps with another rank&apos;s (tracelane-cli diff), look for uneven data or batch sizes, data loading, a slower GPU or host, and its extra synchronisations</source>
        <translation>Herausfinden, was nur dieser Rang tut oder worauf er wartet: seine Schritte mit denen eines anderen Rangs vergleichen (tracelane-cli diff), nach ungleichen Daten- oder Batchgrößen, Datenladen, einer langsameren GPU oder einem langsameren Host und seinen zusätzlichen Synchronisationen suchen</translation>
    </message>
</context>
<context>
    <name>tracelane::FindingsPanel</name>
    <message>
        <source>Open a trace to see what to fix in it.</source>
        <translation>Einen Trace öffnen, um zu sehen, was daran zu verbessern ist.</translation>
    </message>
    <message>
        <source>Looking for problems…</source>
        <translation>Probleme werden gesucht…</translation>
    </message>
    <message>
        <source>No rule found a problem in this trace.</source>
        <translation>Keine Regel hat in diesem Trace ein Problem gefunden.</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) in the whole trace, ranked by their time on its critical path (%1). Click one for its fix and its events.</source>
        <translation>
            <numerusform>%n Problem im gesamten Trace, geordnet nach seiner Zeit auf dem kritischen Pfad (%1). Für Abhilfe und Ereignisse anklicken.</numerusform>
            <numerusform>%n Probleme im gesamten Trace, geordnet nach ihrer Zeit auf dem kritischen Pfad (%1). Eines anklicken für Abhilfe und Ereignisse.</numerusform>
        </translation>
    </message>
    <message>
        <source>Fix: %1</source>
        <translation>Abhilfe: %1</translation>
    </message>
</context>
<context>
    <name>tracelane::FlameGraphView</name>
    <message>
        <source>No tree</source>
        <translation>Kein Baum</translation>
    </message>
    <message>
        <source>GPU time</source>
        <translation>GPU-Zeit</translation>
    </message>
    <message>
        <source>CPU time</source>
        <translation>CPU-Zeit</translation>
    </message>
    <message>
        <source>All: %1 %2</source>
        <translation>Alles: %1 %2</translation>
    </message>
    <message>
        <source>%1: %2 %3 (click the top row or press Esc to zoom out)</source>
        <translation>%1: %2 %3 (oberste Zeile anklicken oder Esc drücken zum Herauszoomen)</translation>
    </message>
    <message numerus="yes">
        <source>%n matching</source>
        <translation>
            <numerusform>%n Treffer</numerusform>
            <numerusform>%n Treffer</numerusform>
        </translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>Operationen</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Aufrufe</translation>
    </message>
    <message>
        <source>CPU self</source>
        <translation>CPU selbst</translation>
    </message>
    <message>
        <source>CPU total</source>
        <translation>CPU gesamt</translation>
    </message>
    <message>
        <source>GPU self</source>
        <translation>GPU selbst</translation>
    </message>
    <message>
        <source>GPU total</source>
        <translation>GPU gesamt</translation>
    </message>
    <message>
        <source>List Instances</source>
        <translation>Instanzen auflisten</translation>
    </message>
    <message>
        <source>Zoom Here</source>
        <translation>Hierhin zoomen</translation>
    </message>
    <message>
        <source>Zoom Out</source>
        <translation>Herauszoomen</translation>
    </message>
    <message>
        <source>Export Flame Graph…</source>
        <translation>Flammendiagramm exportieren…</translation>
    </message>
    <message>
        <source>Flame Graph</source>
        <translation>Flammendiagramm</translation>
    </message>
    <message>
        <source>Exported from Tracelane</source>
        <translation>Aus Tracelane exportiert</translation>
    </message>
    <message>
        <source>Cannot export to &apos;%1&apos;: use a .png, .pdf or .svg file name.</source>
        <translation>Export nach &apos;%1&apos; nicht möglich: Verwenden Sie einen Dateinamen auf .png, .pdf oder .svg.</translation>
    </message>
    <message>
        <source>Could not write &apos;%1&apos;.</source>
        <translation>&apos;%1&apos; konnte nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>Export Flame Graph</source>
        <translation>Flammendiagramm exportieren</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>tracelane::GuardedApplication</name>
    <message>
        <source>an unknown error</source>
        <translation>ein unbekannter Fehler</translation>
    </message>
    <message>
        <source>not enough memory</source>
        <translation>nicht genug Arbeitsspeicher</translation>
    </message>
    <message>
        <source>An analysis failed: %1</source>
        <translation>Eine Analyse ist fehlgeschlagen: %1</translation>
    </message>
</context>
<context>
    <name>tracelane::IdleGapModel</name>
    <message>
        <source>none in the trace</source>
        <translation>keiner im Trace</translation>
    </message>
    <message>
        <source>%1 ns from the trace start</source>
        <translation>%1 ns ab Trace-Beginn</translation>
    </message>
    <message>
        <source>%1 ns</source>
        <translation>%1 ns</translation>
    </message>
    <message>
        <source>Stream</source>
        <translation>Stream</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Beginn</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>Länge</translation>
    </message>
    <message>
        <source>Cause</source>
        <translation>Ursache</translation>
    </message>
    <message>
        <source>Launch call</source>
        <translation>Startaufruf</translation>
    </message>
    <message>
        <source>Next operation</source>
        <translation>Nächste Operation</translation>
    </message>
</context>
<context>
    <name>tracelane::InstanceListPanel</name>
    <message>
        <source>Export CSV…</source>
        <translation>CSV exportieren…</translation>
    </message>
    <message>
        <source>Filter by name or lane…</source>
        <translation>Nach Name oder Spur filtern…</translation>
    </message>
    <message>
        <source>Write the rows shown to a CSV file (times in ns)</source>
        <translation>Die angezeigten Zeilen in eine CSV-Datei schreiben (Zeiten in ns)</translation>
    </message>
    <message>
        <source>Select on Timeline</source>
        <translation>In der Zeitleiste auswählen</translation>
    </message>
    <message>
        <source>Export as CSV…</source>
        <translation>Als CSV exportieren…</translation>
    </message>
    <message>
        <source>1 instance</source>
        <translation>1 Instanz</translation>
    </message>
    <message>
        <source>0 of 1 instance</source>
        <translation>0 von 1 Instanz</translation>
    </message>
    <message>
        <source>%1 instances</source>
        <translation>%1 Instanzen</translation>
    </message>
    <message>
        <source>%1 of %2 instances</source>
        <translation>%1 von %2 Instanzen</translation>
    </message>
    <message>
        <source>No list yet: press List All in the search bar (Ctrl+F), or right-click a summary row</source>
        <translation>Noch keine Liste: „Alle auflisten“ in der Suchleiste (Strg+F) drücken oder eine Zeile einer Übersicht rechts anklicken</translation>
    </message>
    <message>
        <source>No trace loaded</source>
        <translation>Kein Trace geladen</translation>
    </message>
    <message>
        <source>Could not write &apos;%1&apos;</source>
        <translation>„%1“ konnte nicht geschrieben werden</translation>
    </message>
    <message>
        <source>Export Instances</source>
        <translation>Instanzen exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
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
        <translation>%1 ns ab Trace-Beginn</translation>
    </message>
    <message>
        <source>%1 ns</source>
        <translation>%1 ns</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Beginn</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Lane</source>
        <translation>Spur</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Grid</source>
        <translation>Grid</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>Block</translation>
    </message>
    <message>
        <source>Launched by</source>
        <translation>Gestartet von</translation>
    </message>
</context>
<context>
    <name>tracelane::MainWindow</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Tracelane</source>
        <translation>Tracelane</translation>
    </message>
    <message>
        <source>Tracks</source>
        <translation>Spuren</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Import Warnings</source>
        <translation>Importwarnungen</translation>
    </message>
    <message>
        <source>Loading %1 cancelled</source>
        <translation>Laden von %1 abgebrochen</translation>
    </message>
    <message>
        <source>Cursor: %1</source>
        <translation>Cursor: %1</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>%1 wird geladen…</translation>
    </message>
    <message>
        <source>%1 — Tracelane</source>
        <translation>%1 — Tracelane</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s), %1</source>
        <translation>
            <numerusform>%n Ereignis, %1</numerusform>
            <numerusform>%n Ereignisse, %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not open %1</source>
        <translation>%1 konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Öffnen…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>&amp;Suchen…</translation>
    </message>
    <message>
        <source>Find &amp;Next</source>
        <translation>&amp;Weitersuchen</translation>
    </message>
    <message>
        <source>Find &amp;Previous</source>
        <translation>&amp;Rückwärts suchen</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Show &amp;All Flows</source>
        <translation>&amp;Alle Flüsse zeigen</translation>
    </message>
    <message>
        <source>&amp;Dark Timeline</source>
        <translation>&amp;Dunkle Zeitleiste</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>&amp;About Tracelane</source>
        <translation>Ü&amp;ber Tracelane</translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>Liste leeren</translation>
    </message>
    <message>
        <source>Open Trace</source>
        <translation>Trace öffnen</translation>
    </message>
    <message>
        <source>Pr&amp;eferences…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>The iteration pattern needs exactly one group for the number; using the automatic pattern.</source>
        <translation>Das Iterationsmuster braucht genau eine Gruppe für die Nummer; das automatische Muster wird verwendet.</translation>
    </message>
    <message>
        <source>The iteration pattern is not a valid regular expression; using the automatic pattern.</source>
        <translation>Das Iterationsmuster ist kein gültiger regulärer Ausdruck; das automatische Muster wird verwendet.</translation>
    </message>
    <message>
        <source>Top ops:</source>
        <translation>Größte Operationen:</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>Iterationen</translation>
    </message>
    <message>
        <source>Breakdown</source>
        <translation>Aufschlüsselung</translation>
    </message>
    <message>
        <source>Summaries</source>
        <translation>Zusammenfassungen</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Exportieren</translation>
    </message>
    <message>
        <source>&amp;Iterations Chart…</source>
        <translation>&amp;Iterationsdiagramm…</translation>
    </message>
    <message>
        <source>&amp;Breakdown Chart…</source>
        <translation>&amp;Aufschlüsselungsdiagramm…</translation>
    </message>
    <message>
        <source>Current &amp;Summary Table as CSV…</source>
        <translation>Aktuelle &amp;Zusammenfassungstabelle als CSV…</translation>
    </message>
    <message>
        <source>CPU ops</source>
        <translation>CPU-Operatoren</translation>
    </message>
    <message>
        <source>Ranges</source>
        <translation>Bereiche</translation>
    </message>
    <message>
        <source>Break down CPU operators or NVTX / annotation ranges</source>
        <translation>CPU-Operatoren oder NVTX-/Annotationsbereiche aufschlüsseln</translation>
    </message>
    <message>
        <source>Nesting depth of the ops or ranges to break down (0: the outermost)</source>
        <translation>Schachtelungstiefe der aufzuschlüsselnden Operatoren oder Bereiche (0: die äußersten)</translation>
    </message>
    <message>
        <source>Depth:</source>
        <translation>Tiefe:</translation>
    </message>
    <message>
        <source>Kernel Statistics</source>
        <translation>Kernel-Statistik</translation>
    </message>
    <message>
        <source>&amp;Kernel Statistics Chart…</source>
        <translation>&amp;Kernel-Statistik-Diagramm…</translation>
    </message>
    <message>
        <source>Shade &amp;Idle Gaps</source>
        <translation>&amp;Leerlauflücken schattieren</translation>
    </message>
    <message>
        <source>Shade the idle gaps of GPU streams by cause: host wait, kernel wait or other</source>
        <translation>Leerlauflücken der GPU-Streams nach Ursache schattieren: Host-Wartezeit, Kernel-Wartezeit oder Sonstiges</translation>
    </message>
    <message>
        <source>&amp;Queue Depth Lanes</source>
        <translation>&amp;Warteschlangentiefe-Spuren</translation>
    </message>
    <message>
        <source>A lane under each GPU stream with its launched operations that have not started yet</source>
        <translation>Eine Spur unter jedem GPU-Stream mit seinen gestarteten, noch nicht begonnenen Operationen</translation>
    </message>
    <message>
        <source>Efficiency</source>
        <translation>Effizienz</translation>
    </message>
    <message>
        <source>&amp;GPU Time Chart…</source>
        <translation>&amp;GPU-Zeit-Diagramm…</translation>
    </message>
    <message>
        <source>I&amp;dle Causes Chart…</source>
        <translation>&amp;Leerlaufursachen-Diagramm…</translation>
    </message>
    <message>
        <source>&amp;Launch Delay Chart…</source>
        <translation>&amp;Startverzögerungs-Diagramm…</translation>
    </message>
    <message>
        <source>%1 has no events</source>
        <translation>%1 enthält keine Ereignisse</translation>
    </message>
    <message>
        <source>%1 stops early: the events before the cut were loaded (%2); see Import Warnings</source>
        <translation>%1 endet vorzeitig: die Ereignisse vor dem Abbruch wurden geladen (%2); siehe Importwarnungen</translation>
    </message>
    <message>
        <source>Export Trace as Chrome JSON</source>
        <translation>Trace als Chrome-JSON exportieren</translation>
    </message>
    <message>
        <source>Chrome trace (*.json.gz *.json)</source>
        <translation>Chrome-Trace (*.json.gz *.json)</translation>
    </message>
    <message>
        <source>Exporting %1…</source>
        <translation>Exportiere %1…</translation>
    </message>
    <message numerus="yes">
        <source>Wrote %1: %n event(s)</source>
        <translation>
            <numerusform>%1 geschrieben: %n Ereignis</numerusform>
            <numerusform>%1 geschrieben: %n Ereignisse</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not export %1</source>
        <translation>%1 konnte nicht exportiert werden</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>&amp;Trace as Chrome JSON…</source>
        <translation>&amp;Trace als Chrome-JSON…</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>Abfrage</translation>
    </message>
    <message>
        <source>Markers</source>
        <translation>Markierungen</translation>
    </message>
    <message>
        <source>&amp;Markers</source>
        <translation>&amp;Markierungen</translation>
    </message>
    <message>
        <source>&amp;Show Markers List</source>
        <translation>Markierungs&amp;liste zeigen</translation>
    </message>
    <message>
        <source>&amp;Remove Selected Marker</source>
        <translation>Ausgewählte Markierung &amp;entfernen</translation>
    </message>
    <message>
        <source>Remove A&amp;ll Markers</source>
        <translation>&amp;Alle Markierungen entfernen</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>%1 geschrieben</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG-Bild (*.png)</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG-Zeichnung (*.svg)</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF-Dokument (*.pdf)</translation>
    </message>
    <message>
        <source>Export Timeline as Image</source>
        <translation>Zeitleiste als Bild exportieren</translation>
    </message>
    <message>
        <source>Time&amp;line as Image…</source>
        <translation>&amp;Zeitleiste als Bild…</translation>
    </message>
    <message>
        <source>Hide &amp;Python Frames</source>
        <translation>&amp;Python-Frames ausblenden</translation>
    </message>
    <message>
        <source>Fold away the Python frames of a trace recorded with stacks; operators move up to the top rows</source>
        <translation>Die Python-Frames eines mit Stacks aufgezeichneten Traces ausblenden; Operatoren rücken in die obersten Zeilen</translation>
    </message>
    <message>
        <source>Instances</source>
        <translation>Instanzen</translation>
    </message>
    <message>
        <source>Matches of “%1”</source>
        <translation>Treffer für „%1“</translation>
    </message>
    <message>
        <source>Selection</source>
        <translation>Auswahl</translation>
    </message>
    <message>
        <source>Zoom I&amp;n</source>
        <translation>Ver&amp;größern</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>Pan &amp;Left</source>
        <translation>Nach &amp;links</translation>
    </message>
    <message>
        <source>Pan &amp;Right</source>
        <translation>Nach &amp;rechts</translation>
    </message>
    <message>
        <source>Show &amp;Whole Trace</source>
        <translation>&amp;Ganze Aufzeichnung zeigen</translation>
    </message>
    <message>
        <source>Go to &amp;End</source>
        <translation>Zum &amp;Ende</translation>
    </message>
    <message>
        <source>&amp;Zoom to Selected Range</source>
        <translation>Auf ausgewählten Bereich &amp;zoomen</translation>
    </message>
    <message>
        <source>&amp;Fit Selection</source>
        <translation>Auswahl ein&amp;passen</translation>
    </message>
    <message>
        <source>&amp;Add Marker</source>
        <translation>Markierung &amp;hinzufügen</translation>
    </message>
    <message>
        <source>Co&amp;mpare With…</source>
        <translation>&amp;Vergleichen mit…</translation>
    </message>
    <message>
        <source>Compare With Trace</source>
        <translation>Mit Trace vergleichen</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>Loading %1 to compare…</source>
        <translation>%1 wird zum Vergleich geladen…</translation>
    </message>
    <message>
        <source>Control: %1 — Test: %2</source>
        <translation>Kontrolle: %1 — Test: %2</translation>
    </message>
    <message>
        <source>No “%1” in this trace</source>
        <translation>Kein „%1“ in diesem Trace</translation>
    </message>
    <message>
        <source>Open &amp;Folder…</source>
        <translation>&amp;Ordner öffnen…</translation>
    </message>
    <message>
        <source>Open the trace files of a folder (the ranks of a run) in one window</source>
        <translation>Die Trace-Dateien eines Ordners (die Ränge eines Laufs) in einem Fenster öffnen</translation>
    </message>
    <message numerus="yes">
        <source>%n traces</source>
        <translation>
            <numerusform>%n Trace</numerusform>
            <numerusform>%n Traces</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 holds no trace files (.json, .json.gz, .sqlite, .nvvp)</source>
        <translation>%1 enthält keine Trace-Dateien (.json, .json.gz, .sqlite, .nvvp)</translation>
    </message>
    <message>
        <source>Open Folder of Traces</source>
        <translation>Ordner mit Traces öffnen</translation>
    </message>
    <message>
        <source>Align &amp;Traces</source>
        <translation>&amp;Traces ausrichten</translation>
    </message>
    <message>
        <source>Where several traces open together sit against each other in time</source>
        <translation>Wie mehrere zusammen geöffnete Traces zeitlich zueinander liegen</translation>
    </message>
    <message>
        <source>By &amp;Common Clock</source>
        <translation>Nach gemeinsamer &amp;Uhr</translation>
    </message>
    <message>
        <source>By Trace &amp;Start</source>
        <translation>Nach Trace-&amp;Beginn</translation>
    </message>
    <message>
        <source>By First &amp;Iteration</source>
        <translation>Nach erster &amp;Iteration</translation>
    </message>
    <message>
        <source>Loading %1 (%2 of %3)…</source>
        <translation>Lade %1 (%2 von %3)…</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Ränge</translation>
    </message>
    <message>
        <source>Look through wrappers</source>
        <translation>Hüllen übergehen</translation>
    </message>
    <message>
        <source>Show what “Torch-Compiled Region”, “ProfilerStep#N” and “autograd::engine::evaluate_function” hold in their place, as if they were not a level</source>
        <translation>An Stelle von „Torch-Compiled Region“, „ProfilerStep#N“ und „autograd::engine::evaluate_function“ zeigen, was sie enthalten, als wären sie keine Ebene</translation>
    </message>
    <message>
        <source>Could not compare</source>
        <translation>Vergleich nicht möglich</translation>
    </message>
    <message>
        <source>C&amp;ritical Path Chart…</source>
        <translation>Diagramm des k&amp;ritischen Pfads…</translation>
    </message>
    <message>
        <source>Critical Path</source>
        <translation>Kritischer Pfad</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>Befunde</translation>
    </message>
    <message>
        <source>Show &amp;Critical Path</source>
        <translation>&amp;Kritischen Pfad zeigen</translation>
    </message>
    <message>
        <source>Outline the events on the critical path of the step the Critical Path dock shows, with arrows where it changes lane</source>
        <translation>Die Ereignisse auf dem kritischen Pfad des im Bereich „Kritischer Pfad“ gezeigten Schritts umranden, mit Pfeilen, wo er die Spur wechselt</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>&amp;Memory Chart…</source>
        <translation>&amp;Speicherdiagramm…</translation>
    </message>
    <message>
        <source>Traces (*.json *.json.gz *.gz *.sqlite *.nvvp *.prof *.db *.rpd *.pb *.pftrace *.perfetto-trace *.nsys-rep *.qdrep);;All files (*)</source>
        <translation>Traces (*.json *.json.gz *.gz *.sqlite *.nvvp *.prof *.db *.rpd *.pb *.pftrace *.perfetto-trace *.nsys-rep *.qdrep);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open as Ranks</source>
        <translation>Als Ränge öffnen</translation>
    </message>
    <message>
        <source>This file merges the traces of several ranks: open them side by side</source>
        <translation>Diese Datei vereint die Traces mehrerer Ränge: nebeneinander öffnen</translation>
    </message>
    <message numerus="yes">
        <source>%1 merges the traces of %n rank(s)</source>
        <translation>
            <numerusform>%1 vereint die Traces von %n Rang</numerusform>
            <numerusform>%1 vereint die Traces von %n Rängen</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Flame Graph…</source>
        <translation>&amp;Flammendiagramm…</translation>
    </message>
    <message>
        <source>Tree</source>
        <translation>Baum</translation>
    </message>
    <message>
        <source>Collective &amp;Wait</source>
        <translation>Kollektives &amp;Warten</translation>
    </message>
    <message>
        <source>Hatch the part of each collective kernel that waited for the other ranks, on every rank (several traces opened together)</source>
        <translation>Den Teil jedes kollektiven Kernels schraffieren, der auf die anderen Ränge gewartet hat, auf jedem Rang (mehrere zusammen geöffnete Traces)</translation>
    </message>
    <message>
        <source>Transfer and &amp;Wait Chart…</source>
        <translation>Diagramm Übertragung und &amp;Warten…</translation>
    </message>
    <message>
        <source>&amp;Pace Chart…</source>
        <translation>&amp;Taktdiagramm…</translation>
    </message>
</context>
<context>
    <name>tracelane::MarkerPanel</name>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>Länge</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>No markers. Press M on the timeline to mark the selected event or the time under the mouse.</source>
        <translation>Keine Markierungen. M auf der Zeitleiste drücken, um das ausgewählte Ereignis oder die Zeit unter dem Mauszeiger zu markieren.</translation>
    </message>
    <message>
        <source>Remove Marker</source>
        <translation>Markierung entfernen</translation>
    </message>
</context>
<context>
    <name>tracelane::MarkerSet</name>
    <message>
        <source>Marker %1</source>
        <translation>Markierung %1</translation>
    </message>
</context>
<context>
    <name>tracelane::MemoryPanel</name>
    <message>
        <source>Devices</source>
        <translation>Geräte</translation>
    </message>
    <message>
        <source>By Operator</source>
        <translation>Nach Operator</translation>
    </message>
    <message>
        <source>At the Peak</source>
        <translation>Beim Höchstwert</translation>
    </message>
    <message>
        <source>Open a trace to see where its memory goes.</source>
        <translation>Einen Trace öffnen, um zu sehen, wohin sein Speicher geht.</translation>
    </message>
    <message>
        <source>Reading the memory events…</source>
        <translation>Speicherereignisse werden gelesen…</translation>
    </message>
    <message>
        <source>Over Time</source>
        <translation>Im Zeitverlauf</translation>
    </message>
    <message>
        <source>This trace has no memory records. Record them with torch.profiler.profile(profile_memory=True), with nsys profile --cuda-memory-usage=true, or open a snapshot saved by torch.cuda.memory._dump_snapshot().</source>
        <translation>Dieser Trace hat keine Speicherdaten. Mit torch.profiler.profile(profile_memory=True) oder nsys profile --cuda-memory-usage=true aufzeichnen, oder einen mit torch.cuda.memory._dump_snapshot() gespeicherten Snapshot öffnen.</translation>
    </message>
    <message>
        <source>Never Freed</source>
        <translation>Nie freigegeben</translation>
    </message>
</context>
<context>
    <name>tracelane::PacePanel</name>
    <message>
        <source>Click a row to show the iteration on every rank</source>
        <translation>Eine Zeile anklicken, um die Iteration auf jedem Rang zu zeigen</translation>
    </message>
    <message>
        <source>No iterations (ProfilerStep#N or Iteration N ranges) in these traces.</source>
        <translation>Keine Iterationen (Bereiche ProfilerStep#N oder Iteration N) in diesen Traces.</translation>
    </message>
    <message numerus="yes">
        <source>%n iteration(s) over %1 ranks; </source>
        <translation>
            <numerusform>%n Iteration über %1 Ränge; </numerusform>
            <numerusform>%n Iterationen über %1 Ränge; </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n outlier(s) (more than %1 median absolute deviations from the median).</source>
        <translation>
            <numerusform>%n Ausreißer (mehr als %1 mittlere absolute Abweichungen vom Median).</numerusform>
            <numerusform>%n Ausreißer (mehr als %1 mittlere absolute Abweichungen vom Median).</numerusform>
        </translation>
    </message>
    <message>
        <source>The ranks share no clock: starts are placed by their first events.</source>
        <translation>Die Ränge haben keine gemeinsame Uhr: Anfänge sind nach ihren ersten Ereignissen ausgerichtet.</translation>
    </message>
</context>
<context>
    <name>tracelane::PathStepModel</name>
    <message>
        <source>its own time</source>
        <translation>eigene Zeit</translation>
    </message>
    <message>
        <source>around its children</source>
        <translation>um seine Kinder</translation>
    </message>
    <message>
        <source>before it, on its thread</source>
        <translation>davor, auf seinem Thread</translation>
    </message>
    <message>
        <source>from the step&apos;s start</source>
        <translation>ab Beginn des Schritts</translation>
    </message>
    <message>
        <source>thread start</source>
        <translation>Thread-Start</translation>
    </message>
    <message>
        <source>launch</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>stream order</source>
        <translation>Stream-Reihenfolge</translation>
    </message>
    <message>
        <source>sync wait</source>
        <translation>Warten auf Synchronisation</translation>
    </message>
    <message>
        <source>stream wait</source>
        <translation>Warten auf Stream</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Ereignis</translation>
    </message>
    <message>
        <source>Cause</source>
        <translation>Ursache</translation>
    </message>
    <message>
        <source>Dependency</source>
        <translation>Abhängigkeit</translation>
    </message>
    <message>
        <source>On Path</source>
        <translation>Auf dem Pfad</translation>
    </message>
    <message>
        <source>Event Start</source>
        <translation>Beginn des Ereignisses</translation>
    </message>
</context>
<context>
    <name>tracelane::PivotModel</name>
    <message>
        <source>Group</source>
        <translation>Gruppe</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Summe</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>Selbst</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>Minimum</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>Maximum</translation>
    </message>
</context>
<context>
    <name>tracelane::PivotView</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Thread</source>
        <translation>Thread</translation>
    </message>
    <message>
        <source>Stream</source>
        <translation>Stream</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Kategorie</translation>
    </message>
    <message>
        <source>Enclosing range</source>
        <translation>Umgebender Bereich</translation>
    </message>
    <message>
        <source>Module</source>
        <translation>Modul</translation>
    </message>
    <message>
        <source>Argument</source>
        <translation>Argument</translation>
    </message>
    <message>
        <source>Expand All</source>
        <translation>Alle ausklappen</translation>
    </message>
    <message>
        <source>Collapse All</source>
        <translation>Alle einklappen</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>CSV exportieren…</translation>
    </message>
    <message>
        <source>Group by</source>
        <translation>Gruppieren nach</translation>
    </message>
    <message>
        <source>then by</source>
        <translation>dann nach</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>The argument the Argument dimension groups by</source>
        <translation>Das Argument, nach dem die Dimension „Argument“ gruppiert</translation>
    </message>
    <message>
        <source>Argument:</source>
        <translation>Argument:</translation>
    </message>
    <message>
        <source>No trace loaded.</source>
        <translation>Kein Trace geladen.</translation>
    </message>
    <message>
        <source>Grouping the events…</source>
        <translation>Ereignisse werden gruppiert…</translation>
    </message>
    <message>
        <source>the selection</source>
        <translation>der Auswahl</translation>
    </message>
    <message>
        <source>the whole trace</source>
        <translation>dem gesamten Trace</translation>
    </message>
    <message>
        <source>No events in %1.</source>
        <translation>Keine Ereignisse in %1.</translation>
    </message>
    <message>
        <source>%1 events of %2 in %3 groups</source>
        <translation>%1 Ereignisse aus %2 in %3 Gruppen</translation>
    </message>
    <message>
        <source>Export Pivot Table</source>
        <translation>Pivot-Tabelle exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>%1 kann nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>Longest of %1</source>
        <translation>Längstes von %1</translation>
    </message>
</context>
<context>
    <name>tracelane::PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Systemsprache</translation>
    </message>
    <message>
        <source>Same as the system</source>
        <translation>Wie das System</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>Automatisch</translation>
    </message>
    <message>
        <source>Nanoseconds (ns)</source>
        <translation>Nanosekunden (ns)</translation>
    </message>
    <message>
        <source>Microseconds (µs)</source>
        <translation>Mikrosekunden (µs)</translation>
    </message>
    <message>
        <source>Milliseconds (ms)</source>
        <translation>Millisekunden (ms)</translation>
    </message>
    <message>
        <source>Seconds (s)</source>
        <translation>Sekunden (s)</translation>
    </message>
    <message>
        <source>A regular expression for the names of the ranges that mark iterations; the first captured number is the iteration number.</source>
        <translation>Ein regulärer Ausdruck für die Namen der Bereiche, die Iterationen markieren; die erste erfasste Zahl ist die Iterationsnummer.</translation>
    </message>
    <message>
        <source>A new language is used after Tracelane is restarted.</source>
        <translation>Eine neue Sprache wird nach einem Neustart von Tracelane verwendet.</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Sprache:</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>&amp;Farbschema:</translation>
    </message>
    <message>
        <source>T&amp;ime unit:</source>
        <translation>&amp;Zeiteinheit:</translation>
    </message>
    <message>
        <source>Iteration &amp;pattern:</source>
        <translation>&amp;Iterationsmuster:</translation>
    </message>
    <message>
        <source>&amp;Recent files:</source>
        <translation>&amp;Zuletzt geöffnete Dateien:</translation>
    </message>
    <message>
        <source>Enter a pattern.</source>
        <translation>Geben Sie ein Muster ein.</translation>
    </message>
    <message>
        <source>Not a valid regular expression: %1</source>
        <translation>Kein gültiger regulärer Ausdruck: %1</translation>
    </message>
</context>
<context>
    <name>tracelane::QueryPanel</name>
    <message>
        <source>Run</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Run the query (Ctrl+Enter)</source>
        <translation>Abfrage ausführen (Strg+Eingabe)</translation>
    </message>
    <message>
        <source>Examples</source>
        <translation>Beispiele</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>Läuft…</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Angehalten.</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>first %L1 rows shown</source>
        <translation>erste %L1 Zeilen angezeigt</translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s)</source>
        <translation>
            <numerusform>%Ln Zeile</numerusform>
            <numerusform>%Ln Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 in %L2 ms</source>
        <translation>%1 in %L2 ms</translation>
    </message>
</context>
<context>
    <name>tracelane::RangeKernelsPanel</name>
    <message>
        <source>CPU duration:</source>
        <translation>CPU-Dauer:</translation>
    </message>
    <message>
        <source>GPU projected span:</source>
        <translation>Projizierte GPU-Spanne:</translation>
    </message>
    <message>
        <source>Summed GPU time:</source>
        <translation>Summierte GPU-Zeit:</translation>
    </message>
    <message>
        <source>GPU operations:</source>
        <translation>GPU-Operationen:</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Stream</source>
        <translation>Stream</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Beginn</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Grid</source>
        <translation>Grid</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>Block</translation>
    </message>
    <message>
        <source>Double-click a row to select it on the timeline</source>
        <translation>Doppelklick auf eine Zeile wählt sie in der Zeitleiste aus</translation>
    </message>
    <message>
        <source>Select a range or CPU op to see the GPU work it launched.</source>
        <translation>Wählen Sie einen Bereich oder eine CPU-Operation, um die davon gestartete GPU-Arbeit zu sehen.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>%1 from %2</source>
        <translation>%1 ab %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 (from %n launch call(s))</source>
        <translation>
            <numerusform>%1 (aus %n Startaufruf)</numerusform>
            <numerusform>%1 (aus %n Startaufrufen)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Launched GPU work: %n op(s)</source>
        <translation>
            <numerusform>Gestartete GPU-Arbeit: %n Operation</numerusform>
            <numerusform>Gestartete GPU-Arbeit: %n Operationen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Overlapping on the GPU: %n op(s)</source>
        <translation>
            <numerusform>Auf der GPU überlappend: %n Operation</numerusform>
            <numerusform>Auf der GPU überlappend: %n Operationen</numerusform>
        </translation>
    </message>
    <message>
        <source>GPU work of &lt;b&gt;%1&lt;/b&gt;, at %2 for %3</source>
        <translation>GPU-Arbeit von &lt;b&gt;%1&lt;/b&gt;, bei %2 für %3</translation>
    </message>
    <message>
        <source>Launched from:</source>
        <translation>Gestartet von:</translation>
    </message>
    <message>
        <source>this thread only: %1</source>
        <translation>nur dieser Thread: %1</translation>
    </message>
    <message>
        <source>all threads of the process: %1</source>
        <translation>alle Threads des Prozesses: %1</translation>
    </message>
    <message>
        <source>All threads (%1)</source>
        <translation>Alle Threads (%1)</translation>
    </message>
    <message>
        <source>All threads</source>
        <translation>Alle Threads</translation>
    </message>
    <message>
        <source>This thread (%1)</source>
        <translation>Dieser Thread (%1)</translation>
    </message>
    <message>
        <source>This thread</source>
        <translation>Dieser Thread</translation>
    </message>
    <message>
        <source>Which launch calls count as the range&apos;s: those of every thread of its process (the PyTorch profiler&apos;s and HTA&apos;s steps and phases), or only those of the range&apos;s own thread (nsys&apos;s NVTX GPU projection). An op always counts what its own thread launched.</source>
        <translation>Welche Startaufrufe zum Bereich zählen: die aller Threads seines Prozesses (wie Schritte und Phasen im PyTorch-Profiler und in HTA) oder nur die seines eigenen Threads (die NVTX-GPU-Projektion von nsys). Eine Operation zählt immer, was ihr eigener Thread gestartet hat.</translation>
    </message>
    <message>
        <source>launched by its own thread</source>
        <translation>von ihrem eigenen Thread gestartet</translation>
    </message>
</context>
<context>
    <name>tracelane::RankPanel</name>
    <message>
        <source>rank %1</source>
        <translation>Rang %1</translation>
    </message>
    <message>
        <source>Open several traces (File &gt; Open, a folder of ranks, or drop them) to compare ranks.</source>
        <translation>Öffnen Sie mehrere Traces (Datei &gt; Öffnen, ein Ordner mit Rängen, oder ziehen Sie sie hierher), um Ränge zu vergleichen.</translation>
    </message>
    <message>
        <source>Per iteration: the rank that entered the iteration&apos;s collectives last, and how much later than the first. Click a row to show it.</source>
        <translation>Pro Iteration: der Rang, der zuletzt in die kollektiven Operationen der Iteration eintrat, und wie viel später als der erste. Klicken Sie auf eine Zeile, um sie anzuzeigen.</translation>
    </message>
    <message>
        <source>A rank enters an iteration&apos;s collectives with the first communication kernel launched from that iteration. Iterations with collectives in at least two ranks are listed.</source>
        <translation>Ein Rang tritt mit dem ersten Kommunikationskernel, den die Iteration startet, in ihre kollektiven Operationen ein. Aufgeführt sind Iterationen mit kollektiven Operationen in mindestens zwei Rängen.</translation>
    </message>
    <message>
        <source>No iteration has collectives in two or more ranks.</source>
        <translation>Keine Iteration hat kollektive Operationen in zwei oder mehr Rängen.</translation>
    </message>
    <message>
        <source>Straggler: the rank with the largest median iteration time</source>
        <translation>Nachzügler: der Rang mit dem größten Median der Iterationszeit</translation>
    </message>
    <message>
        <source>No straggler: fewer than two ranks have iterations (ProfilerStep#N or Iteration N ranges).</source>
        <translation>Kein Nachzügler: weniger als zwei Ränge haben Iterationen (Bereiche ProfilerStep#N oder Iteration N).</translation>
    </message>
    <message>
        <source>Straggler: %1, median %2 (%3 slower than the fastest)</source>
        <translation>Nachzügler: %1, Median %2 (%3 langsamer als der schnellste)</translation>
    </message>
    <message>
        <source>These traces have no common time base (epoch time), so each rank&apos;s lag is measured from the start of its own trace.</source>
        <translation>Diese Traces haben keine gemeinsame Zeitbasis (Epochenzeit), daher wird der Verzug jedes Rangs ab dem Anfang seines eigenen Traces gemessen.</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Ränge</translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation>Kollektive</translation>
    </message>
    <message>
        <source>Pace</source>
        <translation>Takt</translation>
    </message>
</context>
<context>
    <name>tracelane::RankTableModel</name>
    <message>
        <source>yes</source>
        <translation>ja</translation>
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
        <translation>Suchen:</translation>
    </message>
    <message>
        <source>Regular expression over event names</source>
        <translation>Regulärer Ausdruck über Ereignisnamen</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Previous match (Shift+Enter)</source>
        <translation>Vorheriger Treffer (Umschalt+Eingabe)</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Weiter</translation>
    </message>
    <message>
        <source>Next match (Enter)</source>
        <translation>Nächster Treffer (Eingabe)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Close the search bar (Esc)</source>
        <translation>Suchleiste schließen (Esc)</translation>
    </message>
    <message>
        <source>No matches</source>
        <translation>Keine Treffer</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n Treffer</numerusform>
            <numerusform>%n Treffer</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>List All</source>
        <translation>Alle auflisten</translation>
    </message>
    <message>
        <source>List every match in the Instances panel (Alt+Enter)</source>
        <translation>Alle Treffer in der Liste „Instanzen“ aufführen (Alt+Eingabe)</translation>
    </message>
</context>
<context>
    <name>tracelane::SelectionPanel</name>
    <message>
        <source>Summarising the selection…</source>
        <translation>Auswahl wird zusammengefasst…</translation>
    </message>
    <message>
        <source>Shift+drag across lanes on the timeline, or drag in its ruler, to select an area.</source>
        <translation>Mit Umschalt+Ziehen über Spuren in der Zeitleiste oder Ziehen im Lineal einen Bereich auswählen.</translation>
    </message>
    <message>
        <source>all lanes</source>
        <translation>alle Spuren</translation>
    </message>
    <message>
        <source>%1 of %2 lanes</source>
        <translation>%1 von %2 Spuren</translation>
    </message>
    <message>
        <source>%1 – %2, length %3 · %4</source>
        <translation>%1 – %2, Länge %3 · %4</translation>
    </message>
    <message>
        <source>GPU busy %1 (%2 %), idle %3</source>
        <translation>GPU belegt %1 (%2 %), untätig %3</translation>
    </message>
    <message>
        <source>no events in the selection</source>
        <translation>keine Ereignisse in der Auswahl</translation>
    </message>
    <message>
        <source>List Instances</source>
        <translation>Instanzen auflisten</translation>
    </message>
    <message>
        <source>%1 in the selection</source>
        <translation>%1 in der Auswahl</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <source>Pivot</source>
        <translation>Pivot-Tabelle</translation>
    </message>
</context>
<context>
    <name>tracelane::ShortcutsDialog</name>
    <message>
        <source>Mouse wheel</source>
        <translation>Mausrad</translation>
    </message>
    <message>
        <source>Zoom in or out around the mouse</source>
        <translation>Um den Mauszeiger herum vergrößern oder verkleinern</translation>
    </message>
    <message>
        <source>Zoom in / out (around the mouse when it is over the timeline)</source>
        <translation>Vergrößern / verkleinern (um den Mauszeiger, wenn er über der Zeitleiste ist)</translation>
    </message>
    <message>
        <source>A / D</source>
        <translation>A / D</translation>
    </message>
    <message>
        <source>Pan left / right</source>
        <translation>Nach links / rechts verschieben</translation>
    </message>
    <message>
        <source>Drag</source>
        <translation>Ziehen</translation>
    </message>
    <message>
        <source>Pan in time and scroll the tracks</source>
        <translation>In der Zeit verschieben und die Spuren rollen</translation>
    </message>
    <message>
        <source>Scroll the tracks</source>
        <translation>Die Spuren rollen</translation>
    </message>
    <message>
        <source>Shift+Drag</source>
        <translation>Umschalt+Ziehen</translation>
    </message>
    <message>
        <source>Z, double-click</source>
        <translation>Z, Doppelklick</translation>
    </message>
    <message>
        <source>Zoom to the selected time range</source>
        <translation>Auf den ausgewählten Zeitbereich zoomen</translation>
    </message>
    <message>
        <source>F</source>
        <translation>F</translation>
    </message>
    <message>
        <source>Fit the selected event (or the selected time range)</source>
        <translation>Das ausgewählte Ereignis (oder den ausgewählten Zeitbereich) einpassen</translation>
    </message>
    <message>
        <source>Home</source>
        <translation>Pos1</translation>
    </message>
    <message>
        <source>Show the whole trace</source>
        <translation>Den ganzen Trace zeigen</translation>
    </message>
    <message>
        <source>Click</source>
        <translation>Klick</translation>
    </message>
    <message>
        <source>Select an event; its details and linked events appear in Details</source>
        <translation>Ein Ereignis auswählen; seine Details und verknüpften Ereignisse erscheinen unter Details</translation>
    </message>
    <message>
        <source>Click a merged block</source>
        <translation>Klick auf einen zusammengefassten Block</translation>
    </message>
    <message>
        <source>Zoom in until its events can be told apart</source>
        <translation>Vergrößern, bis seine Ereignisse zu unterscheiden sind</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Clear the selection</source>
        <translation>Die Auswahl aufheben</translation>
    </message>
    <message>
        <source>Up / Down</source>
        <translation>Pfeil hoch / runter</translation>
    </message>
    <message>
        <source>Click a group name</source>
        <translation>Klick auf einen Gruppennamen</translation>
    </message>
    <message>
        <source>Collapse or expand the group</source>
        <translation>Die Gruppe ein- oder ausklappen</translation>
    </message>
    <message>
        <source>Ctrl+F</source>
        <translation>Strg+F</translation>
    </message>
    <message>
        <source>Find events by name (a regular expression)</source>
        <translation>Ereignisse nach Namen suchen (regulärer Ausdruck)</translation>
    </message>
    <message>
        <source>Enter / Shift+Enter</source>
        <translation>Eingabe / Umschalt+Eingabe</translation>
    </message>
    <message>
        <source>Next / previous match</source>
        <translation>Nächster / vorheriger Treffer</translation>
    </message>
    <message>
        <source>Alt+Up / Alt+Down</source>
        <translation>Alt+Pfeil hoch / Alt+Pfeil runter</translation>
    </message>
    <message>
        <source>Move the current group or track in the track list</source>
        <translation>Die aktuelle Gruppe oder Spur in der Spurliste verschieben</translation>
    </message>
    <message>
        <source>Ctrl+O</source>
        <translation>Strg+O</translation>
    </message>
    <message>
        <source>Open a trace (or drop a file on the window)</source>
        <translation>Einen Trace öffnen (oder eine Datei auf das Fenster ziehen)</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>M</source>
        <translation>M</translation>
    </message>
    <message>
        <source>Add a marker: the selected event&apos;s start and end (once marked: the time under the mouse, else the centre of the view)</source>
        <translation>Eine Markierung setzen: Beginn und Ende des ausgewählten Ereignisses (ist es schon markiert: die Zeit unter dem Mauszeiger, sonst die Mitte der Ansicht)</translation>
    </message>
    <message>
        <source>Click a marker flag</source>
        <translation>Klick auf eine Markierungsfahne</translation>
    </message>
    <message>
        <source>Select the marker in the ruler and in the Markers list</source>
        <translation>Die Markierung im Lineal und in der Markierungsliste auswählen</translation>
    </message>
    <message>
        <source>Double-click a marker (Markers list)</source>
        <translation>Doppelklick auf eine Markierung (Markierungsliste)</translation>
    </message>
    <message>
        <source>Centre the timeline on it</source>
        <translation>Die Zeitleiste darauf zentrieren</translation>
    </message>
    <message>
        <source>F2 / Delete (Markers list)</source>
        <translation>F2 / Entf (Markierungsliste)</translation>
    </message>
    <message>
        <source>Rename / remove the selected marker</source>
        <translation>Die ausgewählte Markierung umbenennen / entfernen</translation>
    </message>
    <message>
        <source>Select an area: the dragged time on the lanes crossed, summarised in Selection</source>
        <translation>Einen Bereich auswählen: die gezogene Zeit auf den überquerten Spuren, zusammengefasst in „Auswahl“</translation>
    </message>
    <message>
        <source>Drag in the ruler</source>
        <translation>Im Lineal ziehen</translation>
    </message>
    <message>
        <source>Select a time range over all lanes</source>
        <translation>Einen Zeitbereich über alle Spuren auswählen</translation>
    </message>
    <message>
        <source>Alt+Enter</source>
        <translation>Alt+Eingabe</translation>
    </message>
    <message>
        <source>List every match in the Instances panel</source>
        <translation>Alle Treffer in der Liste „Instanzen“ aufführen</translation>
    </message>
    <message>
        <source>Click &quot;▸ N more rows&quot;</source>
        <translation>Klick auf &quot;▸ N weitere Zeilen&quot;</translation>
    </message>
    <message>
        <source>Show every row of a deep lane (click again to fold it)</source>
        <translation>Alle Zeilen einer tiefen Spur zeigen (erneuter Klick klappt sie ein)</translation>
    </message>
    <message>
        <source>Right-click a track name</source>
        <translation>Rechtsklick auf einen Spurnamen</translation>
    </message>
    <message>
        <source>Pin to Top / Unpin, Hide Python Frames</source>
        <translation>Oben anheften / Lösen, Python-Frames ausblenden</translation>
    </message>
    <message>
        <source>W / S, + / −</source>
        <translation>W / S, + / −</translation>
    </message>
    <message>
        <source>Shift+Wheel, sideways wheel</source>
        <translation>Umschalt+Mausrad, seitliches Mausrad</translation>
    </message>
    <message>
        <source>Pan left / right (touchpads swipe sideways)</source>
        <translation>Nach links / rechts schieben (Touchpads: seitlich wischen)</translation>
    </message>
    <message>
        <source>Alt+Wheel, wheel over the track names</source>
        <translation>Alt+Mausrad, Mausrad über den Spurnamen</translation>
    </message>
    <message>
        <source>End</source>
        <translation>Ende</translation>
    </message>
    <message>
        <source>Go to the end of the trace</source>
        <translation>Zum Ende der Aufzeichnung</translation>
    </message>
    <message>
        <source>The timeline&apos;s keys work while the mouse is over it, whichever panel has the focus.</source>
        <translation>Die Tasten der Zeitleiste wirken, solange die Maus über ihr steht, gleich welches Panel den Fokus hat.</translation>
    </message>
</context>
<context>
    <name>tracelane::SnapshotPages</name>
    <message>
        <source>Click an allocation to see the stack that made it.</source>
        <translation>Eine Belegung anklicken, um den Stack zu sehen, der sie angelegt hat.</translation>
    </message>
    <message>
        <source>No out-of-memory event in this snapshot.</source>
        <translation>Kein Speichermangel-Ereignis in diesem Snapshot.</translation>
    </message>
    <message numerus="yes">
        <source>%n allocation(s) failed for want of memory: what was asked, what CUDA had free, and the allocator&apos;s totals at that moment.</source>
        <translation>
            <numerusform>%n Belegung scheiterte an Speichermangel: was angefordert wurde, was CUDA frei hatte, und die Summen des Allocators in diesem Moment.</numerusform>
            <numerusform>%n Belegungen scheiterten an Speichermangel: was angefordert wurde, was CUDA frei hatte, und die Summen des Allocators in diesem Moment.</numerusform>
        </translation>
    </message>
    <message>
        <source>Active Memory</source>
        <translation>Aktiver Speicher</translation>
    </message>
    <message>
        <source>Allocations</source>
        <translation>Belegungen</translation>
    </message>
    <message>
        <source>Segments</source>
        <translation>Segmente</translation>
    </message>
    <message>
        <source>Out of Memory</source>
        <translation>Speichermangel</translation>
    </message>
    <message>
        <source>The snapshot recorded no stack for this allocation.</source>
        <translation>Der Snapshot hat für diese Belegung keinen Stack aufgezeichnet.</translation>
    </message>
</context>
<context>
    <name>tracelane::StructurePanel</name>
    <message>
        <source>Kernels</source>
        <translation>Kernels</translation>
    </message>
    <message>
        <source>Modules</source>
        <translation>Module</translation>
    </message>
    <message>
        <source>Python stacks</source>
        <translation>Python-Stacks</translation>
    </message>
    <message>
        <source>Ranges</source>
        <translation>Bereiche</translation>
    </message>
    <message>
        <source>CPU ops</source>
        <translation>CPU-Operatoren</translation>
    </message>
    <message>
        <source>The levels of the tree: nn.Module frames (with_modules), Python frames (with_stack), NVTX / record_function ranges, or CPU ops</source>
        <translation>Die Ebenen des Baums: nn.Module-Frames (with_modules), Python-Frames (with_stack), NVTX-/record_function-Bereiche oder CPU-Operatoren</translation>
    </message>
    <message>
        <source>CPU time</source>
        <translation>CPU-Zeit</translation>
    </message>
    <message>
        <source>GPU time</source>
        <translation>GPU-Zeit</translation>
    </message>
    <message>
        <source>What the flame graph&apos;s widths show; GPU time is the work each node launched</source>
        <translation>Was die Breiten im Flammendiagramm zeigen; GPU-Zeit ist die Arbeit, die jeder Knoten gestartet hat</translation>
    </message>
    <message>
        <source>Show the GPU operations each node launched as leaves under it</source>
        <translation>Die GPU-Operationen, die jeder Knoten gestartet hat, als Blätter darunter zeigen</translation>
    </message>
    <message>
        <source>Highlight names…</source>
        <translation>Namen hervorheben…</translation>
    </message>
    <message>
        <source>Tree</source>
        <translation>Baum</translation>
    </message>
    <message>
        <source>Flame Graph</source>
        <translation>Flammendiagramm</translation>
    </message>
    <message>
        <source>By:</source>
        <translation>Nach:</translation>
    </message>
    <message>
        <source>Scope:</source>
        <translation>Umfang:</translation>
    </message>
    <message>
        <source>Width:</source>
        <translation>Breite:</translation>
    </message>
    <message>
        <source>List Instances</source>
        <translation>Instanzen auflisten</translation>
    </message>
    <message>
        <source>Show in Flame Graph</source>
        <translation>Im Flammendiagramm zeigen</translation>
    </message>
    <message>
        <source>Building the tree…</source>
        <translation>Baum wird erstellt…</translation>
    </message>
    <message>
        <source>Open a trace to see where its time goes by structure.</source>
        <translation>Öffnen Sie einen Trace, um zu sehen, wohin seine Zeit nach Struktur geht.</translation>
    </message>
    <message>
        <source>Whole trace</source>
        <translation>Gesamter Trace</translation>
    </message>
    <message>
        <source>Selection</source>
        <translation>Auswahl</translation>
    </message>
    <message>
        <source>Iteration %1</source>
        <translation>Iteration %1</translation>
    </message>
    <message>
        <source>No nn.Module frames in this scope: record with torch.profiler.profile(with_modules=True) or with_stack=True.</source>
        <translation>Keine nn.Module-Frames in diesem Umfang: mit torch.profiler.profile(with_modules=True) oder with_stack=True aufzeichnen.</translation>
    </message>
    <message>
        <source>No Python frames in this scope: record with torch.profiler.profile(with_stack=True).</source>
        <translation>Keine Python-Frames in diesem Umfang: mit torch.profiler.profile(with_stack=True) aufzeichnen.</translation>
    </message>
    <message>
        <source>No NVTX or record_function ranges in this scope.</source>
        <translation>Keine NVTX- oder record_function-Bereiche in diesem Umfang.</translation>
    </message>
    <message>
        <source>No CPU ops in this scope.</source>
        <translation>Keine CPU-Operatoren in diesem Umfang.</translation>
    </message>
    <message numerus="yes">
        <source>%n nodes from %1 events</source>
        <translation>
            <numerusform>%n Knoten aus %1 Ereignissen</numerusform>
            <numerusform>%n Knoten aus %1 Ereignissen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 GPU operations, %2 of GPU time</source>
        <translation>%1 GPU-Operationen, %2 GPU-Zeit</translation>
    </message>
    <message>
        <source>%1% launched outside the tree</source>
        <translation>%1 % außerhalb des Baums gestartet</translation>
    </message>
    <message>
        <source>Instances of “%1”</source>
        <translation>Instanzen von „%1“</translation>
    </message>
    <message>
        <source>All threads</source>
        <translation>Alle Threads</translation>
    </message>
    <message>
        <source>Count work a thread launched outside its own nodes (the autograd thread&apos;s backward kernels) to the node open at that time on another thread of the process</source>
        <translation>Arbeit, die ein Thread außerhalb seiner eigenen Knoten gestartet hat (die Backward-Kernels des Autograd-Threads), dem Knoten zurechnen, der zu dieser Zeit auf einem anderen Thread des Prozesses offen ist</translation>
    </message>
</context>
<context>
    <name>tracelane::StructureTreeModel</name>
    <message>
        <source>Wall time on the thread outside the node&apos;s children</source>
        <translation>Laufzeit auf dem Thread außerhalb der Kinder des Knotens</translation>
    </message>
    <message>
        <source>Wall time of the node&apos;s instances, children included</source>
        <translation>Laufzeit der Instanzen des Knotens, Kinder eingeschlossen</translation>
    </message>
    <message>
        <source>GPU time of the work launched in the node, not in a child</source>
        <translation>GPU-Zeit der im Knoten gestarteten Arbeit, nicht in einem Kind</translation>
    </message>
    <message>
        <source>GPU time of the work launched in the node and its children</source>
        <translation>GPU-Zeit der im Knoten und seinen Kindern gestarteten Arbeit</translation>
    </message>
    <message>
        <source>GPU total as a share of all the GPU work launched in scope</source>
        <translation>GPU gesamt als Anteil an aller im Umfang gestarteten GPU-Arbeit</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Aufrufe</translation>
    </message>
    <message>
        <source>CPU Self</source>
        <translation>CPU selbst</translation>
    </message>
    <message>
        <source>CPU Total</source>
        <translation>CPU gesamt</translation>
    </message>
    <message>
        <source>GPU Self</source>
        <translation>GPU selbst</translation>
    </message>
    <message>
        <source>GPU Total</source>
        <translation>GPU gesamt</translation>
    </message>
    <message>
        <source>GPU %</source>
        <translation>GPU-Anteil</translation>
    </message>
</context>
<context>
    <name>tracelane::SummaryPanel</name>
    <message>
        <source>Kernels</source>
        <translation>Kernels</translation>
    </message>
    <message>
        <source>API Calls</source>
        <translation>API-Aufrufe</translation>
    </message>
    <message>
        <source>Ranges</source>
        <translation>Bereiche</translation>
    </message>
    <message>
        <source>Kernel %1</source>
        <translation>Kernel %1</translation>
    </message>
    <message>
        <source>API call %1</source>
        <translation>API-Aufruf %1</translation>
    </message>
    <message>
        <source>Range %1</source>
        <translation>Bereich %1</translation>
    </message>
    <message>
        <source>Double-click a row to show its longest instance; right-click it to list all of its instances</source>
        <translation>Doppelklick auf eine Zeile zeigt ihre längste Instanz; Rechtsklick listet alle ihre Instanzen auf</translation>
    </message>
</context>
<context>
    <name>tracelane::SummaryTableView</name>
    <message>
        <source>Filter rows…</source>
        <translation>Zeilen filtern…</translation>
    </message>
    <message>
        <source>Export as CSV…</source>
        <translation>Als CSV exportieren…</translation>
    </message>
    <message>
        <source>Could not write &apos;%1&apos;: %2</source>
        <translation>&apos;%1&apos; konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Export Table</source>
        <translation>Tabelle exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>List All Instances</source>
        <translation>Alle Instanzen auflisten</translation>
    </message>
    <message>
        <source>Show Longest Instance</source>
        <translation>Längste Instanz zeigen</translation>
    </message>
</context>
<context>
    <name>tracelane::TimelineExportDialog</name>
    <message>
        <source>Export Timeline</source>
        <translation>Zeitleiste exportieren</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Width:</source>
        <translation>Breite:</translation>
    </message>
    <message>
        <source>1× (screen)</source>
        <translation>1× (Bildschirm)</translation>
    </message>
    <message>
        <source>2× (high density)</source>
        <translation>2× (hohe Pixeldichte)</translation>
    </message>
    <message>
        <source>Scale:</source>
        <translation>Skalierung:</translation>
    </message>
    <message>
        <source>Size:</source>
        <translation>Größe:</translation>
    </message>
    <message>
        <source>%1 × %2 px</source>
        <translation>%1 × %2 px</translation>
    </message>
    <message>
        <source> (lanes below are cut off)</source>
        <translation> (die Spuren darunter werden abgeschnitten)</translation>
    </message>
</context>
<context>
    <name>tracelane::TimelineView</name>
    <message>
        <source>%1 events too small to show
%2 – %3
Click to zoom in</source>
        <translation>%1 Ereignisse, zu klein zum Anzeigen
%2 – %3
Zum Vergrößern klicken</translation>
    </message>
    <message>
        <source>%1
%2 at %3
%4</source>
        <translation>%1
%2 bei %3
%4</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>Lösen</translation>
    </message>
    <message>
        <source>Pin to Top</source>
        <translation>Oben anheften</translation>
    </message>
    <message>
        <source>Show First %1 Rows</source>
        <translation>Erste %1 Zeilen zeigen</translation>
    </message>
    <message>
        <source>Show All %1 Rows</source>
        <translation>Alle %1 Zeilen zeigen</translation>
    </message>
    <message>
        <source>Hide Python Frames</source>
        <translation>Python-Frames ausblenden</translation>
    </message>
</context>
<context>
    <name>tracelane::TraceLoader</name>
    <message>
        <source>&apos;%1&apos; needs more memory than is available</source>
        <translation>&apos;%1&apos; braucht mehr Arbeitsspeicher als verfügbar ist</translation>
    </message>
    <message>
        <source>&apos;%1&apos; could not be shown: %2</source>
        <translation>&apos;%1&apos; konnte nicht angezeigt werden: %2</translation>
    </message>
    <message numerus="yes">
        <source>These %n traces need more memory than is available</source>
        <translation>
            <numerusform>Dieser Trace braucht mehr Speicher als verfügbar ist</numerusform>
            <numerusform>Diese %n Traces brauchen mehr Speicher als verfügbar ist</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tracelane::TrackTree</name>
    <message>
        <source>Move Up</source>
        <translation>Nach oben</translation>
    </message>
    <message>
        <source>Move Down</source>
        <translation>Nach unten</translation>
    </message>
    <message>
        <source>Pin to Top</source>
        <translation>Oben anheften</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>Lösen</translation>
    </message>
</context>
<context>
    <name>tracelane::WelcomePanel</name>
    <message>
        <source>No trace open</source>
        <translation>Keine Aufzeichnung geöffnet</translation>
    </message>
    <message>
        <source>Open a trace with %1 (File &gt; Open), drop a trace file on this window, or start Tracelane with the file: &lt;code&gt;tracelane trace.json.gz&lt;/code&gt;.&lt;br&gt;PyTorch Profiler and Chrome trace JSON (.json, .json.gz), Nsight Systems exports (.sqlite, .json) and nvprof files (.nvvp) open directly.</source>
        <translation>Öffnen Sie eine Aufzeichnung mit %1 (Datei &gt; Öffnen), ziehen Sie eine Datei auf dieses Fenster, oder starten Sie Tracelane mit der Datei: &lt;code&gt;tracelane trace.json.gz&lt;/code&gt;.&lt;br&gt;PyTorch-Profiler- und Chrome-Trace-JSON (.json, .json.gz), Nsight-Systems-Exporte (.sqlite, .json) und nvprof-Dateien (.nvvp) öffnen direkt.</translation>
    </message>
    <message>
        <source>Open Trace…</source>
        <translation>Aufzeichnung öffnen…</translation>
    </message>
    <message>
        <source>Recent traces</source>
        <translation>Zuletzt geöffnet</translation>
    </message>
</context>
<context>
    <name>tracelane::WindowSummaryModel</name>
    <message>
        <source>CPU ops</source>
        <translation>CPU-Operatoren</translation>
    </message>
    <message>
        <source>Python</source>
        <translation>Python</translation>
    </message>
    <message>
        <source>Ranges</source>
        <translation>Bereiche</translation>
    </message>
    <message>
        <source>API calls</source>
        <translation>API-Aufrufe</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>Kernels</translation>
    </message>
    <message>
        <source>Memory ops</source>
        <translation>Speicheroperationen</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>Sonstige</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Summe</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>Min.</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>Max.</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::ActiveMemoryChart</name>
    <message>
        <source>Active memory: every allocation as a block, stacked as allocated</source>
        <translation>Aktiver Speicher: jede Belegung als Block, gestapelt in der Reihenfolge der Belegung</translation>
    </message>
    <message>
        <source>Device:</source>
        <translation>Gerät:</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>Time from the first trace entry (%1)</source>
        <translation>Zeit ab dem ersten Trace-Eintrag (%1)</translation>
    </message>
    <message>
        <source>Allocator event (the snapshot records no times)</source>
        <translation>Allocator-Ereignis (der Snapshot enthält keine Zeiten)</translation>
    </message>
    <message>
        <source>Allocated memory</source>
        <translation>Belegter Speicher</translation>
    </message>
    <message>
        <source>No allocations on this device</source>
        <translation>Keine Belegungen auf diesem Gerät</translation>
    </message>
    <message>
        <source>Open a memory snapshot to see its allocations</source>
        <translation>Einen Speicher-Snapshot öffnen, um seine Belegungen zu sehen</translation>
    </message>
    <message>
        <source>Peak %1</source>
        <translation>Höchstwert %1</translation>
    </message>
    <message>
        <source>Out of memory: %1 asked</source>
        <translation>Speichermangel: %1 angefordert</translation>
    </message>
    <message>
        <source>%1 allocations drawn</source>
        <translation>%1 Belegungen gezeichnet</translation>
    </message>
    <message>
        <source>%1 smaller ones summed in grey</source>
        <translation>%1 kleinere grau zusammengefasst</translation>
    </message>
    <message>
        <source>a free lets the blocks above it down</source>
        <translation>eine Freigabe lässt die Blöcke darüber nach unten rücken</translation>
    </message>
    <message>
        <source>event %1</source>
        <translation>Ereignis %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; at %2&lt;br&gt;Stream %3&lt;br&gt;Allocated: %4&lt;br&gt;Freed: %5</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; bei %2&lt;br&gt;Stream %3&lt;br&gt;Belegt: %4&lt;br&gt;Freigegeben: %5</translation>
    </message>
    <message>
        <source>before the trace</source>
        <translation>vor dem Trace</translation>
    </message>
    <message>
        <source>not freed</source>
        <translation>nicht freigegeben</translation>
    </message>
    <message>
        <source>Stream:</source>
        <translation>Stream:</translation>
    </message>
    <message>
        <source>All streams</source>
        <translation>Alle Streams</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::BreakdownChart</name>
    <message>
        <source>Op / kernel</source>
        <translation>Operation / Kernel</translation>
    </message>
    <message>
        <source>Device time</source>
        <translation>Gerätezeit</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>Stream</source>
        <translation>Stream</translation>
    </message>
    <message>
        <source>Device time by operator, split by kernel</source>
        <translation>Gerätezeit je Operator und Kernel</translation>
    </message>
    <message>
        <source>Device time by range (%1), split by kernel</source>
        <translation>Gerätezeit je Bereich (%1) und Kernel</translation>
    </message>
    <message>
        <source>Other kernels</source>
        <translation>Andere Kernels</translation>
    </message>
    <message>
        <source>Other ops (%1)</source>
        <translation>Andere Operationen (%1)</translation>
    </message>
    <message>
        <source>Device time (%1)</source>
        <translation>Gerätezeit (%1)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Device time: %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Gerätezeit: %2</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1: %2 (%3 %)</source>
        <translation>&lt;br&gt;%1: %2 (%3 %)</translation>
    </message>
    <message>
        <source>Device time by range, split by kernel</source>
        <translation>Gerätezeit je Bereich und Kernel</translation>
    </message>
    <message>
        <source>No range at this depth launched GPU work</source>
        <translation>Kein Bereich dieser Tiefe hat GPU-Arbeit gestartet</translation>
    </message>
    <message>
        <source>No CPU op at this depth launched GPU work</source>
        <translation>Keine CPU-Operation dieser Tiefe hat GPU-Arbeit gestartet</translation>
    </message>
    <message>
        <source>Double-click an op to outline its GPU work on the timeline, a kernel to jump to its longest instance</source>
        <translation>Doppelklick auf einen Operator hebt seine GPU-Arbeit in der Zeitleiste hervor, auf einen Kernel springt zu seiner längsten Instanz</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Click: outline this kernel&apos;s GPU work on the timeline&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;Klick: die GPU-Arbeit dieses Kernels in der Zeitleiste hervorheben&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Click: outline the op&apos;s GPU work on the timeline&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;Klick: die GPU-Arbeit des Operators in der Zeitleiste hervorheben&lt;/i&gt;</translation>
    </message>
    <message>
        <source>GPU work of %1</source>
        <translation>GPU-Arbeit von %1</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%1 in %2</translation>
    </message>
    <message>
        <source>Other ranges (%1)</source>
        <translation>Andere Bereiche (%1)</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>Looked through: %1</source>
        <translation>Übergangen: %1</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::ChartView</name>
    <message>
        <source>Export Chart…</source>
        <translation>Diagramm exportieren…</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG-Bild (*.png)</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF-Dokument (*.pdf)</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG-Grafik (*.svg)</translation>
    </message>
    <message>
        <source>Export Chart</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>Exported from Tracelane</source>
        <translation>Aus Tracelane exportiert</translation>
    </message>
    <message>
        <source>Cannot export to &apos;%1&apos;: use a .png, .pdf or .svg file name.</source>
        <translation>Export nach &apos;%1&apos; nicht möglich: Verwenden Sie einen Dateinamen auf .png, .pdf oder .svg.</translation>
    </message>
    <message>
        <source>Could not write &apos;%1&apos;.</source>
        <translation>&apos;%1&apos; konnte nicht geschrieben werden.</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::CriticalPathChart</name>
    <message>
        <source>Critical path per step, by cause</source>
        <translation>Kritischer Pfad pro Schritt, nach Ursache</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Data loading</source>
        <translation>Datenladen</translation>
    </message>
    <message>
        <source>Launch overhead</source>
        <translation>Start-Overhead</translation>
    </message>
    <message>
        <source>Launch-to-start delay</source>
        <translation>Verzögerung vom Start bis Beginn</translation>
    </message>
    <message>
        <source>GPU compute</source>
        <translation>GPU-Rechnen</translation>
    </message>
    <message>
        <source>GPU communication</source>
        <translation>GPU-Kommunikation</translation>
    </message>
    <message>
        <source>GPU memory ops</source>
        <translation>GPU-Speicheroperationen</translation>
    </message>
    <message>
        <source>Kernel-to-kernel gap</source>
        <translation>Lücke zwischen Kerneln</translation>
    </message>
    <message>
        <source>Synchronisation wait</source>
        <translation>Warten auf Synchronisation</translation>
    </message>
    <message>
        <source>The longest chain of dependent CPU and GPU work from the step&apos;s start to its end</source>
        <translation>Die längste Kette abhängiger CPU- und GPU-Arbeit vom Beginn des Schritts bis zu seinem Ende</translation>
    </message>
    <message>
        <source>The first %1 of %2 steps</source>
        <translation>Die ersten %1 von %2 Schritten</translation>
    </message>
    <message>
        <source>Critical path (%1)</source>
        <translation>Kritischer Pfad (%1)</translation>
    </message>
    <message>
        <source>No step with CPU or GPU work</source>
        <translation>Kein Schritt mit CPU- oder GPU-Arbeit</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Critical path: %2 (%3 ns)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Kritischer Pfad: %2 (%3 ns)</translation>
    </message>
    <message>
        <source>%1: %2 (%3 %)</source>
        <translation>%1: %2 (%3 %)</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::GpuTimeChart</name>
    <message>
        <source>GPU time: compute, non-compute and idle</source>
        <translation>GPU-Zeit: Rechnen, Nicht-Rechnen und Leerlauf</translation>
    </message>
    <message>
        <source>Shares of each span, from the first GPU operation&apos;s start to the last one&apos;s end</source>
        <translation>Anteile an der jeweiligen Spanne, vom Beginn der ersten bis zum Ende der letzten GPU-Operation</translation>
    </message>
    <message>
        <source>Non-compute: only communication or memory operations run</source>
        <translation>Nicht-Rechnen: Es laufen nur Kommunikations- oder Speicheroperationen</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>Rechnen</translation>
    </message>
    <message>
        <source>Non-compute</source>
        <translation>Nicht-Rechnen</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>Leerlauf</translation>
    </message>
    <message>
        <source>Share of span (%)</source>
        <translation>Anteil an der Spanne (%)</translation>
    </message>
    <message>
        <source>No GPU operations in this trace</source>
        <translation>Keine GPU-Operationen in diesem Trace</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Span: %2 (%3 ns)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Spanne: %2 (%3 ns)</translation>
    </message>
    <message>
        <source>%1: %2 (%3 ns, %4 %)</source>
        <translation>%1: %2 (%3 ns, %4 %)</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::IdleCausesChart</name>
    <message>
        <source>Idle time per stream, by cause</source>
        <translation>Leerlaufzeit je Stream, nach Ursache</translation>
    </message>
    <message>
        <source>Host wait: the launch call came after the stream ran dry</source>
        <translation>Host-Wartezeit: Der Startaufruf kam erst nach dem Leerlauf des Streams</translation>
    </message>
    <message>
        <source>Kernel wait: a gap under %1 µs</source>
        <translation>Kernel-Wartezeit: eine Lücke unter %1 µs</translation>
    </message>
    <message>
        <source>Idle time (%1)</source>
        <translation>Leerlaufzeit (%1)</translation>
    </message>
    <message>
        <source>No GPU operations in this trace</source>
        <translation>Keine GPU-Operationen in diesem Trace</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Idle: %2 (%3 ns)&lt;br&gt;Gaps: %4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Leerlauf: %2 (%3 ns)&lt;br&gt;Lücken: %4</translation>
    </message>
    <message>
        <source>%1: %2 (%3 ns, %4 %)</source>
        <translation>%1: %2 (%3 ns, %4 %)</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::IterationChart</name>
    <message>
        <source>CPU time</source>
        <translation>CPU-Zeit</translation>
    </message>
    <message>
        <source>GPU busy time</source>
        <translation>GPU-Belegtzeit</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>Anzeigen:</translation>
    </message>
    <message>
        <source>CPU time per iteration</source>
        <translation>CPU-Zeit je Iteration</translation>
    </message>
    <message>
        <source>GPU busy time per iteration</source>
        <translation>GPU-Belegtzeit je Iteration</translation>
    </message>
    <message>
        <source>Iteration</source>
        <translation>Iteration</translation>
    </message>
    <message>
        <source>Other phases and outside</source>
        <translation>Andere Phasen und außerhalb</translation>
    </message>
    <message>
        <source>Outside phases</source>
        <translation>Außerhalb der Phasen</translation>
    </message>
    <message>
        <source>Iteration (in start order)</source>
        <translation>Iteration (in Startreihenfolge)</translation>
    </message>
    <message>
        <source>CPU time (%1)</source>
        <translation>CPU-Zeit (%1)</translation>
    </message>
    <message>
        <source>GPU busy time (%1)</source>
        <translation>GPU-Belegtzeit (%1)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;CPU time: %2&lt;br&gt;GPU busy time: %3&lt;br&gt;GPU projected span: %4&lt;br&gt;GPU operations: %5</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;CPU-Zeit: %2&lt;br&gt;GPU-Belegtzeit: %3&lt;br&gt;Projizierte GPU-Spanne: %4&lt;br&gt;GPU-Operationen: %5</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;br&gt;&lt;b&gt;%1&lt;/b&gt;: %2</source>
        <translation>&lt;br&gt;&lt;br&gt;&lt;b&gt;%1&lt;/b&gt;: %2</translation>
    </message>
    <message>
        <source>No range names an iteration
(pattern: %1)</source>
        <translation>Kein Bereich benennt eine Iteration
(Muster: %1)</translation>
    </message>
    <message>
        <source> or </source>
        <translation> oder </translation>
    </message>
    <message>
        <source>Rank:</source>
        <translation>Rang:</translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation>Rang %1</translation>
    </message>
    <message>
        <source>All ranks</source>
        <translation>Alle Ränge</translation>
    </message>
    <message>
        <source>Show outliers</source>
        <translation>Ausreißer zeigen</translation>
    </message>
    <message>
        <source>Draw warm-up iterations far longer than the rest whole, on the same axis</source>
        <translation>Aufwärm-Iterationen, die weit länger als die übrigen dauern, vollständig auf derselben Achse zeichnen</translation>
    </message>
    <message>
        <source>Iteration %1 cut off: %2× the median</source>
        <translation>Iteration %1 abgeschnitten: %2× so lang wie der Median</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::IterationCompareChart</name>
    <message>
        <source>CPU time</source>
        <translation>CPU-Zeit</translation>
    </message>
    <message>
        <source>GPU busy time</source>
        <translation>GPU-Belegtzeit</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>Anzeigen:</translation>
    </message>
    <message>
        <source>Finding the iterations…</source>
        <translation>Iterationen werden gesucht…</translation>
    </message>
    <message>
        <source>Neither trace has iterations (pattern: %1)</source>
        <translation>Keiner der Traces hat Iterationen (Muster: %1)</translation>
    </message>
    <message>
        <source>A trace repeats iteration numbers: matched by start order</source>
        <translation>Ein Trace wiederholt Iterationsnummern: nach Startreihenfolge zugeordnet</translation>
    </message>
    <message>
        <source>The control trace has no iterations</source>
        <translation>Der Kontroll-Trace hat keine Iterationen</translation>
    </message>
    <message>
        <source>The test trace has no iterations</source>
        <translation>Der Test-Trace hat keine Iterationen</translation>
    </message>
    <message>
        <source>Only in the control trace: %1</source>
        <translation>Nur im Kontroll-Trace: %1</translation>
    </message>
    <message>
        <source>Only in the test trace: %1</source>
        <translation>Nur im Test-Trace: %1</translation>
    </message>
    <message>
        <source>CPU time per iteration, both traces</source>
        <translation>CPU-Zeit pro Iteration, beide Traces</translation>
    </message>
    <message>
        <source>GPU busy time per iteration, both traces</source>
        <translation>GPU-Belegtzeit pro Iteration, beide Traces</translation>
    </message>
    <message>
        <source>Control</source>
        <translation>Kontrolle</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>Test</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Iteration</source>
        <translation>Iteration</translation>
    </message>
    <message>
        <source>Iteration (in start order)</source>
        <translation>Iteration (in Startreihenfolge)</translation>
    </message>
    <message>
        <source>CPU time (%1)</source>
        <translation>CPU-Zeit (%1)</translation>
    </message>
    <message>
        <source>GPU busy time (%1)</source>
        <translation>GPU-Belegtzeit (%1)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>&lt;b&gt;Iteration %1&lt;/b&gt;&lt;br&gt;Control: %2&lt;br&gt;Test: %3</source>
        <translation>&lt;b&gt;Iteration %1&lt;/b&gt;&lt;br&gt;Kontrolle: %2&lt;br&gt;Test: %3</translation>
    </message>
    <message>
        <source>&lt;br&gt;Test − control: %1 (%2 %)</source>
        <translation>&lt;br&gt;Test − Kontrolle: %1 (%2 %)</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::KernelStatsChart</name>
    <message>
        <source>Mean kernel time: no kernels in this trace</source>
        <translation>Mittlere Kernelzeit: keine Kernels in diesem Trace</translation>
    </message>
    <message>
        <source>Mean kernel time ± 1 std (top %1 by total GPU time)</source>
        <translation>Mittlere Kernelzeit ± 1 Standardabweichung (die %1 größten nach gesamter GPU-Zeit)</translation>
    </message>
    <message>
        <source>Mean time per instance</source>
        <translation>Mittlere Zeit je Aufruf</translation>
    </message>
    <message>
        <source>±1 standard deviation</source>
        <translation>±1 Standardabweichung</translation>
    </message>
    <message>
        <source>Mean time per instance (%1)</source>
        <translation>Mittlere Zeit je Aufruf (%1)</translation>
    </message>
    <message>
        <source>Bar: mean</source>
        <translation>Balken: Mittelwert</translation>
    </message>
    <message>
        <source>whisker: ±1 sample standard deviation (none for n=1)</source>
        <translation>Fehlerbalken: ±1 Stichproben-Standardabweichung (keiner bei n=1)</translation>
    </message>
    <message>
        <source>n: instances</source>
        <translation>n: Aufrufe</translation>
    </message>
    <message>
        <source>lower whiskers stop at 0</source>
        <translation>untere Fehlerbalken enden bei 0</translation>
    </message>
    <message>
        <source>%1 (n=%2)</source>
        <translation>%1 (n=%2)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;Instances: %3&lt;br&gt;Mean: %4&lt;br&gt;Standard deviation: %5&lt;br&gt;Median: %6&lt;br&gt;Min: %7&lt;br&gt;Max: %8&lt;br&gt;Total: %9</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;Aufrufe: %3&lt;br&gt;Mittelwert: %4&lt;br&gt;Standardabweichung: %5&lt;br&gt;Median: %6&lt;br&gt;Minimum: %7&lt;br&gt;Maximum: %8&lt;br&gt;Summe: %9</translation>
    </message>
    <message>
        <source>none (one instance)</source>
        <translation>keine (ein Aufruf)</translation>
    </message>
    <message>
        <source>Instances of %1</source>
        <translation>Instanzen von %1</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Click: outline every instance on the timeline&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;Klick: alle Instanzen in der Zeitleiste hervorheben&lt;/i&gt;</translation>
    </message>
    <message>
        <source>#2, #3: further kernels whose names read alike</source>
        <translation>#2, #3: weitere Kernel mit gleich lautendem Namen</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::KernelSummaryChart</name>
    <message>
        <source>Kernels with the most GPU time (top %1)</source>
        <translation>Kernels mit der meisten GPU-Zeit (Top %1)</translation>
    </message>
    <message>
        <source>Total time</source>
        <translation>Gesamtzeit</translation>
    </message>
    <message>
        <source>Total GPU time (%1)</source>
        <translation>GPU-Gesamtzeit (%1)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;Total: %3 (%4 % of kernel time)&lt;br&gt;Instances: %5&lt;br&gt;Average: %6</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;Gesamt: %3 (%4 % der Kernelzeit)&lt;br&gt;Instanzen: %5&lt;br&gt;Durchschnitt: %6</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::LaunchDelayChart</name>
    <message>
        <source>Launch delay: launch call end to GPU start</source>
        <translation>Startverzögerung: Aufrufende bis GPU-Start</translation>
    </message>
    <message>
        <source>Launches within %1</source>
        <translation>Starts innerhalb von %1</translation>
    </message>
    <message>
        <source>Delayed launches (over %1)</source>
        <translation>Verzögerte Starts (über %1)</translation>
    </message>
    <message>
        <source>Launch delay (bins grow in 1-2-5 steps: a logarithmic scale)</source>
        <translation>Startverzögerung (Klassen wachsen in 1-2-5-Schritten: logarithmische Skala)</translation>
    </message>
    <message>
        <source>Launches</source>
        <translation>Starts</translation>
    </message>
    <message>
        <source>No launch call is linked to GPU work in this trace</source>
        <translation>In diesem Trace ist kein Startaufruf mit GPU-Arbeit verknüpft</translation>
    </message>
    <message>
        <source>delayed: over %1</source>
        <translation>verzögert: über %1</translation>
    </message>
    <message>
        <source>Launches: %1</source>
        <translation>Starts: %1</translation>
    </message>
    <message>
        <source>Median %1</source>
        <translation>Median %1</translation>
    </message>
    <message>
        <source>P95 %1</source>
        <translation>P95 %1</translation>
    </message>
    <message>
        <source>Delayed (over %1): %2</source>
        <translation>Verzögert (über %1): %2</translation>
    </message>
    <message>
        <source>Launch delay up to %1</source>
        <translation>Startverzögerung bis %1</translation>
    </message>
    <message>
        <source>Launch delay over %1, up to %2</source>
        <translation>Startverzögerung über %1, bis %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Launches: %2 (%3 % of all)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Starts: %2 (%3 % aller)</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::MemoryCurvesChart</name>
    <message>
        <source>GPU %1 reserved</source>
        <translation>GPU %1 reserviert</translation>
    </message>
    <message>
        <source>GPU %1 allocated</source>
        <translation>GPU %1 belegt</translation>
    </message>
    <message>
        <source>CPU allocated</source>
        <translation>CPU belegt</translation>
    </message>
    <message>
        <source>CPU reserved</source>
        <translation>CPU reserviert</translation>
    </message>
    <message>
        <source>Memory over time: allocated and reserved per device</source>
        <translation>Speicher im Zeitverlauf: belegt und reserviert je Gerät</translation>
    </message>
    <message>
        <source>Peak %1</source>
        <translation>Höchstwert %1</translation>
    </message>
    <message>
        <source>Allocator event (the snapshot records no times)</source>
        <translation>Allocator-Ereignis (der Snapshot enthält keine Zeiten)</translation>
    </message>
    <message>
        <source>Time from the trace start (%1)</source>
        <translation>Zeit ab Trace-Beginn (%1)</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>No memory records in this trace</source>
        <translation>Keine Speicherdaten in diesem Trace</translation>
    </message>
    <message>
        <source>Solid: allocated by tensors; dashed: reserved by the caching allocator</source>
        <translation>Durchgezogen: von Tensoren belegt; gestrichelt: vom Caching-Allocator reserviert</translation>
    </message>
    <message>
        <source>Each curve holds its value until the next memory event</source>
        <translation>Jede Kurve hält ihren Wert bis zum nächsten Speicherereignis</translation>
    </message>
    <message>
        <source>&lt;b&gt;At event %1&lt;/b&gt;</source>
        <translation>&lt;b&gt;Bei Ereignis %1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;At %1&lt;/b&gt;</source>
        <translation>&lt;b&gt;Bei %1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1: %2</source>
        <translation>&lt;br&gt;%1: %2</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::OpCompareChart</name>
    <message>
        <source>Device time of an op, split by kernel</source>
        <translation>Gerätezeit eines Ops, nach Kernel aufgeteilt</translation>
    </message>
    <message>
        <source>Device time of %1, split by kernel</source>
        <translation>Gerätezeit von %1, nach Kernel aufgeteilt</translation>
    </message>
    <message>
        <source>Other kernels</source>
        <translation>Andere Kernels</translation>
    </message>
    <message>
        <source>Control</source>
        <translation>Kontrolle</translation>
    </message>
    <message>
        <source>Control (none)</source>
        <translation>Kontrolle (keiner)</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>Test</translation>
    </message>
    <message>
        <source>Test (none)</source>
        <translation>Test (keiner)</translation>
    </message>
    <message>
        <source>Device time (%1)</source>
        <translation>Gerätezeit (%1)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Control: %2&lt;br&gt;Test: %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Kontrolle: %2&lt;br&gt;Test: %3</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message numerus="yes">
        <source>%1 in %n launch(es)</source>
        <translation>
            <numerusform>%1 in %n Start</numerusform>
            <numerusform>%1 in %n Starts</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;br&gt;&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Control: %2&lt;br&gt;Test: %3</source>
        <translation>&lt;br&gt;&lt;br&gt;&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Kontrolle: %2&lt;br&gt;Test: %3</translation>
    </message>
    <message>
        <source>No GPU work launched by this op</source>
        <translation>Dieser Op hat keine GPU-Arbeit gestartet</translation>
    </message>
    <message>
        <source>Not an operator of either trace</source>
        <translation>In keinem der beiden Traces ein Operator</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::PaceChart</name>
    <message>
        <source>Iteration time per rank</source>
        <translation>Iterationszeit pro Rang</translation>
    </message>
    <message>
        <source>Iteration %1</source>
        <translation>Iteration %1</translation>
    </message>
    <message>
        <source>Outlier</source>
        <translation>Ausreißer</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>Iteration time (%1)</source>
        <translation>Iterationszeit (%1)</translation>
    </message>
    <message>
        <source>No iterations (ProfilerStep#N or Iteration N) on two or more ranks</source>
        <translation>Keine Iterationen (ProfilerStep#N oder Iteration N) auf zwei oder mehr Rängen</translation>
    </message>
    <message>
        <source>One line per iteration, flat when the ranks keep pace; the time axis starts above zero</source>
        <translation>Eine Linie pro Iteration, flach, wenn die Ränge Schritt halten; die Zeitachse beginnt über null</translation>
    </message>
    <message>
        <source>Red rings: outliers, over %1 median absolute deviations from the median</source>
        <translation>Rote Ringe: Ausreißer, mehr als %1 mittlere absolute Abweichungen vom Median</translation>
    </message>
    <message>
        <source>&lt;b&gt;Iteration %1, rank %2&lt;/b&gt;&lt;br&gt;Duration: %3&lt;br&gt;Median over the ranks: %4&lt;br&gt;Deviation: %5</source>
        <translation>&lt;b&gt;Iteration %1, Rang %2&lt;/b&gt;&lt;br&gt;Dauer: %3&lt;br&gt;Median über die Ränge: %4&lt;br&gt;Abweichung: %5</translation>
    </message>
</context>
<context>
    <name>tracelane::charts::WaitTransferChart</name>
    <message>
        <source>Rank %1</source>
        <translation>Rang %1</translation>
    </message>
    <message>
        <source>%1 (straggler)</source>
        <translation>%1 (Nachzügler)</translation>
    </message>
    <message>
        <source>Transfer and wait per rank</source>
        <translation>Übertragung und Warten</translation>
    </message>
    <message>
        <source>Transfer: the shortest kernel of each collective</source>
        <translation>Übertragung: der kürzeste Kernel jedes Kollektivs</translation>
    </message>
    <message>
        <source>Wait: the rest, spent waiting for the other ranks</source>
        <translation>Warten: der Rest, mit Warten auf die anderen Ränge verbracht</translation>
    </message>
    <message>
        <source>◀: the straggler, the rank the others waited for most</source>
        <translation>◀: der Nachzügler, der Rang, auf den die anderen am längsten gewartet haben</translation>
    </message>
    <message>
        <source>Transfer</source>
        <translation>Übertragung</translation>
    </message>
    <message>
        <source>Wait</source>
        <translation>Warten</translation>
    </message>
    <message>
        <source>Collective time (%1)</source>
        <translation>Kollektive Zeit (%1)</translation>
    </message>
    <message>
        <source>No collective matched on two or more ranks</source>
        <translation>Kein Kollektiv auf zwei oder mehr Rängen zugeordnet</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Collectives: %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Kollektive: %2</translation>
    </message>
    <message>
        <source>Transfer: %1 (%2 %)</source>
        <translation>Übertragung: %1 (%2 %)</translation>
    </message>
    <message>
        <source>Wait: %1 (%2 %)</source>
        <translation>Warten: %1 (%2 %)</translation>
    </message>
    <message>
        <source>Others waited for it in %1 collectives, %2 in all</source>
        <translation>Andere warteten in %1 Kollektiven auf ihn, insgesamt %2</translation>
    </message>
</context>
</TS>
