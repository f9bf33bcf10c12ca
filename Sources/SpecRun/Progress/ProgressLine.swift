/// The text of the live progress line: `12/40 scenarios · 1 failed · 0:07 elapsed · ~0:10 left`, cut to the
/// terminal's width.
enum ProgressLine {
    static func text(_ tally: ProgressTally, elapsed: Double, columns: Int) -> String {
        var parts = ["\(tally.done)/\(tally.total) scenarios"]
        if tally.failed > 0 { parts.append("\(tally.failed) failed") }
        parts.append("\(clock(elapsed)) elapsed")
        if let left = tally.secondsLeft(elapsed: elapsed) { parts.append("~\(clock(left)) left") }
        let line = parts.joined(separator: " · ")
        // One column short of the width: a line that fills it makes some terminals wrap.
        let room = max(10, columns - 1)
        return line.count <= room ? line : String(line.prefix(room - 1)) + "…"
    }

    /// `m:ss`, or `h:mm:ss` from an hour.
    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.down))
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(secs))" : "\(minutes):\(two(secs))"
    }
}
