import Messages

// What the run index says of step definitions, hooks and the run as a whole.
extension RunIndex {
    package func duration(of attempt: Attempt) -> Int64 {
        guard let finished = attempt.finished else { return 0 }
        return saturatingElapsed(from: attempt.started.timestamp.totalNanos, to: finished.timestamp.totalNanos)
    }

    /// From the earliest run start to the latest run finish, in nanoseconds (0 when unknown).
    package var runDuration: Int64 {
        guard let start = runStarted.map(\.timestamp.totalNanos).min(),
            let end = runFinished.map(\.timestamp.totalNanos).max()
        else { return 0 }
        return saturatingElapsed(from: start, to: end)
    }

    package var runStart: Timestamp? { runStarted.min { $0.timestamp.totalNanos < $1.timestamp.totalNanos }?.timestamp }

    /// `uri:line` of a step definition or hook's source, the uri relative to the project root (`ProjectPath`).
    package func location(of reference: SourceReference) -> String? {
        if let written = reference.uri {
            // The feature files' top folders (of the first ones: a stream has a handful) only for an absolute path.
            let uri =
                written.hasPrefix("/")
                ? ProjectPath.relative(written, folders: Set(documentOrder.prefix(64).compactMap(ProjectPath.topFolder))) : written
            if let line = reference.location?.line { return "\(uri):\(line)" }
            return uri
        }
        if let method = reference.javaMethod {
            return "\(method.className).\(method.methodName)(\(method.methodParameterTypes.joined(separator: ",")))"
        }
        if let element = reference.javaStackTraceElement {
            let line = reference.location.map { ":\($0.line)" } ?? ""
            return "\(element.className).\(element.methodName)(\(element.fileName)\(line))"
        }
        return nil
    }

    /// The single step definition a test step matched, when it matched exactly one.
    package func stepDefinition(of step: TestStep) -> StepDefinition? {
        guard let ids = step.stepDefinitionIds, ids.count == 1 else { return nil }
        return stepDefinitions[ids[0]]
    }

    /// `uri:line` of the single step definition a test step matched.
    package func definitionLocation(of step: TestStep) -> String? { definitionLocation(ids: step.stepDefinitionIds) }

    /// The same, from the test step's definition ids (no copy of the step).
    func definitionLocation(ids: [String]?) -> String? {
        guard let ids, ids.count == 1 else { return nil }
        return definitionLocations[id: ids[0]]
    }

    package func hook(of step: TestStep) -> Hook? { step.hookId.flatMap { hooks[$0] } }

    /// Whether the run as recorded succeeded (every testRunFinished says so).
    package var success: Bool? { runFinished.isEmpty ? nil : runFinished.allSatisfy(\.success) }
}

/// `end - start`, at least 0, at most `Int64.max` (the numbers come from a stream).
func saturatingElapsed(from start: Int64, to end: Int64) -> Int64 {
    let (difference, overflow) = end.subtractingReportingOverflow(start)
    return overflow ? (end > start ? .max : 0) : max(0, difference)
}
