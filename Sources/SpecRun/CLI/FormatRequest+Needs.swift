import SpecRunReportCore
import SpecRunReports

extension Sequence<FormatRequest> {
    /// What the reports asked for need of the run's messages.
    var listenerNeeds: ListenerNeeds { ListenerNeeds(formats: map(\.format)) }
}
