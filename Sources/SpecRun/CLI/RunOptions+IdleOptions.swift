import SpecRunWorkers

/// Options that do nothing without another one (or with one that rules them out): each is said once, on stderr,
/// before the run, instead of being silently ignored.
extension RunOptions {
    var idleOptionWarnings: [String] {
        guard !worker else { return [] }
        var lines: [String] = []
        if parallel != 1 && (!isolation || dryRun) {
            lines.append(
                "-j/--parallel \(parallel) needs worker processes; \(dryRun ? "--dry-run" : "--no-isolation") runs every scenario "
                    + "in this process, one at a time (drop one of the two)")
        }
        if retryTagFilter != nil && retry == 0 {
            lines.append("--retry-tag-filter does nothing without --retry N: no scenario is retried (add --retry 1, or drop it)")
        }
        if shardTimings != nil && shard == nil {
            lines.append("--shard-timings does nothing without --shard I/N (add --shard 1/2, or drop it)")
        }
        return lines.map { "\(ProgramName.current): warning: \($0)\n" }
    }
}
