import Messages

/// The numbers of a saved stream, checked against what they mean before any report does arithmetic on them: a
/// timestamp between the years 1 and 9999 with nanos in 0..<1e9, a duration from 0 to 10,000 years, an attempt
/// from 0 to 1000 (`--retry` allows at most 1000 more). A number outside is one problem line (the stream is in
/// doubt, so the run is not reported as passed) and is clamped into range, so that no report traps on an
/// overflow (a duration of `Int64.max` seconds, a run that started at `Int64.min`).
extension StreamAudit {
    static let earliestSecond = -62_135_596_800  // 0001-01-01T00:00:00Z
    static let latestSecond = 253_402_300_799  // 9999-12-31T23:59:59Z
    static let longestDuration = 315_569_520_000  // 10,000 years
    static let highestAttempt = 1000

    /// The envelope, with every number out of range named and clamped.
    mutating func checkingNumbers(_ envelope: Envelope) -> Envelope {
        if var started = envelope.testCaseStarted {
            var changed = check(&started.timestamp, in: "testCaseStarted")
            if started.attempt < 0 || started.attempt > Self.highestAttempt {
                numberProblem("testCaseStarted.attempt \(started.attempt) is not between 0 and \(Self.highestAttempt)")
                started.attempt = min(max(started.attempt, 0), Self.highestAttempt)
                changed = true
            }
            return changed ? Envelope(testCaseStarted: started) : envelope
        } else if var finished = envelope.testStepFinished {
            let late = check(&finished.timestamp, in: "testStepFinished")
            let long = check(&finished.testStepResult.duration, in: "testStepFinished")
            return late || long ? Envelope(testStepFinished: finished) : envelope
        } else if var started = envelope.testStepStarted {
            return check(&started.timestamp, in: "testStepStarted") ? Envelope(testStepStarted: started) : envelope
        } else if var finished = envelope.testCaseFinished {
            return check(&finished.timestamp, in: "testCaseFinished") ? Envelope(testCaseFinished: finished) : envelope
        } else if var started = envelope.testRunStarted {
            return check(&started.timestamp, in: "testRunStarted") ? Envelope(testRunStarted: started) : envelope
        } else if var finished = envelope.testRunFinished {
            return check(&finished.timestamp, in: "testRunFinished") ? Envelope(testRunFinished: finished) : envelope
        } else if var started = envelope.testRunHookStarted {
            return check(&started.timestamp, in: "testRunHookStarted") ? Envelope(testRunHookStarted: started) : envelope
        } else if var finished = envelope.testRunHookFinished {
            let late = check(&finished.timestamp, in: "testRunHookFinished")
            let long = check(&finished.result.duration, in: "testRunHookFinished")
            return late || long ? Envelope(testRunHookFinished: finished) : envelope
        } else if var attachment = envelope.attachment, var timestamp = attachment.timestamp,
            check(&timestamp, in: "attachment")
        {
            attachment.timestamp = timestamp
            return Envelope(attachment: attachment)
        }
        return envelope
    }

    /// True when the timestamp was out of range (now clamped).
    private mutating func check(_ timestamp: inout Timestamp, in kind: String) -> Bool {
        guard
            timestamp.seconds < Self.earliestSecond || timestamp.seconds > Self.latestSecond
                || timestamp.nanos < 0 || timestamp.nanos > 999_999_999
        else { return false }
        numberProblem(
            "\(kind).timestamp {seconds: \(timestamp.seconds), nanos: \(timestamp.nanos)} is not a time between the years 1 and 9999")
        timestamp.seconds = min(max(timestamp.seconds, Self.earliestSecond), Self.latestSecond)
        timestamp.nanos = min(max(timestamp.nanos, 0), 999_999_999)
        return true
    }

    /// True when the duration was out of range (now clamped).
    private mutating func check(_ duration: inout Messages.Duration, in kind: String) -> Bool {
        guard
            duration.seconds < 0 || duration.seconds > Self.longestDuration
                || duration.nanos < 0 || duration.nanos > 999_999_999
        else { return false }
        numberProblem("\(kind) duration {seconds: \(duration.seconds), nanos: \(duration.nanos)} is negative or longer than 10,000 years")
        duration.seconds = min(max(duration.seconds, 0), Self.longestDuration)
        duration.nanos = min(max(duration.nanos, 0), 999_999_999)
        return true
    }
}
