import Foundation

extension Timestamp {
    public init(date: Date) {
        let interval = date.timeIntervalSince1970
        var seconds = interval.rounded(.down)
        var nanos = ((interval - seconds) * 1_000_000_000).rounded()
        if nanos >= 1_000_000_000 { seconds += 1; nanos -= 1_000_000_000 }
        self.init(seconds: Int(seconds), nanos: Int(nanos))
    }

    public var date: Date { Date(timeIntervalSince1970: Double(seconds) + Double(nanos) / 1_000_000_000) }
}

extension Duration {
    public init(seconds interval: TimeInterval) {
        let whole = max(0, interval).rounded(.down)
        self.init(seconds: Int(whole), nanos: Int(((max(0, interval) - whole) * 1_000_000_000).rounded()))
    }

    public var timeInterval: TimeInterval { Double(seconds) + Double(nanos) / 1_000_000_000 }
}
