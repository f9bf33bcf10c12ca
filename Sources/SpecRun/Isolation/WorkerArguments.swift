/// The hidden flags between a supervising `specrun` and its workers (not in `--help`: not for people).
enum WorkerFlag {
    static let worker = "--worker"
    static let resumeAfter = "--resume-after"
    static let idSeed = "--id-seed"
}

/// The command line of a worker: the run's selection and behaviour (no reports, no colours: the supervisor
/// owns those), a concrete order (a random one resolved to its seed by the supervisor, so every worker of a
/// run plays the same order), the id seed, and where to resume.
enum WorkerArguments {
    static func make(_ options: RunOptions, resumeAfter: Int) -> [String] {
        var arguments: [String] = []
        for tags in options.tags { arguments += ["--tags", tags] }
        for name in options.names { arguments += ["--name", name] }
        if options.dryRun { arguments.append("--dry-run") }
        if options.failFast { arguments.append("--fail-fast") }
        if !options.strict { arguments.append("--no-strict") }
        arguments += ["--order", options.order]
        if options.retry > 0 { arguments += ["--retry", String(options.retry)] }
        if options.predictableIds { arguments.append("--predictable-ids") }
        if let seed = options.idSeed { arguments += [WorkerFlag.idSeed, String(seed)] }
        arguments.append(WorkerFlag.worker)
        if resumeAfter > 0 { arguments += [WorkerFlag.resumeAfter, String(resumeAfter)] }
        // Paths last, after "--"-free flags: a path is never mistaken for a flag (the parser takes "-" as a path).
        arguments += options.paths
        return arguments
    }
}
