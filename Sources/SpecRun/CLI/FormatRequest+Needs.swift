import SpecRunReports

extension Sequence<FormatRequest> {
    /// What the reports asked for need of the run's messages (the one place format names are read for it).
    var listenerNeeds: ListenerNeeds { ListenerNeeds(formatNames: map(\.name)) }
}
