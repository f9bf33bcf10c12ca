import Messages

// The orders in which the reports list a run's attempts.
extension RunIndex {
    /// The last attempt of every test case, in the order they started (by timestamp; the order of the
    /// `testCase` messages breaks ties), so the result does not depend on how messages interleave.
    package func finalAttempts() -> [Attempt] {
        attemptList.filter(\.isFinal).sorted(by: startOrder)
    }

    /// The final attempts in the order JUnit and Cucumber JSON list them, as the official formatters do (cucumber
    /// query's test cases grouped by feature): feature by feature in the order the documents were read, whatever
    /// order the test cases ran in (`--order reverse`, `random`), each feature's in execution order
    /// (`finalAttempts`); for merged runs, which have no one execution order, each feature's by line.
    package func reportedAttempts(mergedRuns: Bool) -> [Attempt] {
        let attempts = finalAttempts()
        var documentRank: [String: Int] = [:]
        for (rank, uri) in documentOrder.enumerated() { documentRank[uri] = rank }
        guard mergedRuns else {
            let keyed = attempts.enumerated().map { position, attempt -> (uri: Int, position: Int, attempt: Attempt) in
                (pickle(of: attempt).flatMap { documentRank[$0.uri] } ?? Int.max, position, attempt)
            }
            return keyed.sorted { ($0.uri, $0.position) < ($1.uri, $1.position) }.map(\.attempt)
        }
        let keyed = attempts.enumerated().map { position, attempt -> (uri: Int, line: Int, position: Int, attempt: Attempt) in
            let pickle = pickle(of: attempt)
            return (pickle.flatMap { documentRank[$0.uri] } ?? Int.max, pickle?.location?.line ?? Int.max, position, attempt)
        }
        return keyed.sorted { ($0.uri, $0.line, $0.position) < ($1.uri, $1.line, $1.position) }.map(\.attempt)
    }

    /// The final attempts that did not pass (failed, undefined, pending, ambiguous): what the reports list
    /// as failing and rerun.
    package func problemAttempts(finals: [Attempt]? = nil) -> [Attempt] {
        (finals ?? finalAttempts()).filter { status(of: $0).isProblem }
    }

    /// Every attempt, retries included, in start order.
    package func allAttempts() -> [Attempt] {
        attemptList.sorted(by: startOrder)
    }

    /// The planned order (the testCase messages'), then attempts, then start times: the same order for a run in
    /// one process and in parallel workers, whose clocks interleave.
    private func startOrder(_ a: Attempt, _ b: Attempt) -> Bool {
        let ca = record(of: a)?.order ?? Int.max, cb = record(of: b)?.order ?? Int.max
        if ca != cb { return ca < cb }
        if a.started.attempt != b.started.attempt { return a.started.attempt < b.started.attempt }
        return a.started.timestamp.totalNanos < b.started.timestamp.totalNanos
    }
}
