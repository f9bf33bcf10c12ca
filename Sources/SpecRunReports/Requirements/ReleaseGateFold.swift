import Messages
import SpecRunReportCore

/// `--gate`: the release gate of a run's stream, for its exit status (`ExitStatus.Gate`). Indexes the stream
/// itself (only with `--gate`), so it holds whatever reports the run writes.
package final class ReleaseGateFold {
    private let index = RunIndex()

    package init() {}

    package func handle(_ envelope: Envelope) { index.handle(envelope) }

    /// Whether a must criterion is not proven; nil when no criterion is marked (the exit status is today's).
    package var blocked: Bool? { ReleaseGate(coverage: RequirementsCoverage.make(from: index))?.blocked }
}
