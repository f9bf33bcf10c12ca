import Messages
import SpecRunReportCore

/// The first screen's markup, in the page's own classes (the script's drawing replaces it in place). Every text
/// from the run is escaped; links are only to the page's own anchors.
extension HTMLFirstScreen {
    private func escape(_ text: String) -> String { HTMLPage.escape(text) }

    var titleHTML: String { escape(title.isEmpty ? "Living documentation" : title) }
    var metaHTML: String { escape(meta) }

    /// Red whenever a scenario did not pass (undefined and pending ones too: the run is not ready to ship).
    var headlineClass: String {
        let passed = counts.first { $0.status == "passed" }?.count ?? 0
        if passed == total { return "s-passed" }
        if failureCount > 0 { return "s-failed" }
        let worst = counts.map(\.status).max { Self.status(named: $0) < Self.status(named: $1) } ?? "unknown"
        return "s-" + worst
    }

    var headlineHTML: String {
        let passed = counts.first { $0.status == "passed" }?.count ?? 0
        if total == 0 { return "No scenarios" }
        if passed == total { return total == 1 ? "The scenario passed" : "All \(Self.plural(total, "scenario")) passed" }
        return "\(passed) of \(Self.plural(total, "scenario")) passed"
    }

    /// "2 failed, 1 undefined, 404 passed": the totals, as words (the script adds the chart and the filters).
    var totalsHTML: String {
        counts.map { "\(Self.icons[$0.status] ?? "") \($0.count) \(Self.labels[$0.status] ?? $0.status)" }
            .joined(separator: " \u{00B7} ")
    }

    /// "Not ready to ship: 3 scenarios did not pass (1 with steps to write), breaking 2 criteria."
    var verdictText: String {
        Self.plural(failureCount, "scenario") + " did not pass"
            + (undefinedCount > 0 && undefinedCount < failureCount ? " (\(undefinedCount) with steps to write)" : "")
            + (undefinedCount > 0 && undefinedCount == failureCount ? ": steps to write" : "")
            + (brokenCriteria > 0 ? ", breaking " + Self.plural(brokenCriteria, "criterion", "criteria") : "") + "."
    }

    /// The verdict and the first failures, worst first (the scenarios with steps to write when nothing else
    /// failed); empty when every scenario passed. `more`: what follows the list when it is cut short.
    func problemsHTML(more: (Int) -> String = { "and \($0) more below, once the page has loaded." }) -> String {
        guard needsAttention else { return "" }
        var html = "<div id=\"first-screen\">\n<h2>Needs attention</h2>\n" + verdictHTML
        guard failureCount > 0 else { return html + "</div>\n" }
        if !criteriaSince.isEmpty {
            html += "<ul class=\"broken-criteria lines\">\n"
            for (id, since) in criteriaSince {
                html +=
                    "<li><a class=\"criterion-ref mono\" href=\"#criterion-" + escape(Self.percentEncoded(id)) + "\">" + escape(id)
                    + "</a> <span class=\"since\">" + escape(since.text) + "</span></li>\n"
            }
            html += "</ul>\n"
        }
        let listed = failures.first?.status == .undefined ? undefinedCount : failureCount - undefinedCount
        let heading =
            failures.first?.status == .undefined
            ? "To do: " + Self.plural(listed, "scenario") + " with steps to write" : Self.plural(listed, "scenario") + " did not pass"
        html += "<div class=\"failures\"><h3>" + heading + "</h3>\n<ul class=\"failure-list\">\n"
        for (position, failure) in failures.enumerated() { html += failureHTML(failure, first: position == 0) }
        html += "</ul>\n"
        if listed > failures.count { html += "<p class=\"empty\">" + escape(more(listed - failures.count)) + "</p>\n" }
        return html + "</div>\n</div>\n"
    }

    var problemsHTML: String { problemsHTML() }

    /// Something failed, or the release gate is blocked (a must criterion without a scenario, say).
    var needsAttention: Bool { failureCount > 0 || gate?.blocked == true }

    /// "Not ready to ship: …", or with a release gate its verdict ("Blocked: 1 must criterion failing (…)", red;
    /// "Shippable: 2 should-criteria failing") above it.
    var verdictHTML: String {
        var html = ""
        if let gate {
            let colon = gate.verdict.firstIndex(of: ":") ?? gate.verdict.startIndex
            html +=
                "<p class=\"verdict gate " + (gate.blocked ? "s-failed" : "shippable") + "\"><span class=\"icon "
                + (gate.blocked
                    ? "s-failed\" aria-hidden=\"true\">" + (Self.icons["failed"] ?? "")
                    : "s-passed\" aria-hidden=\"true\">" + (Self.icons["passed"] ?? ""))
                + "</span> <strong>" + escape(String(gate.verdict[..<colon])) + ": </strong>"
                + escape(String(gate.verdict[colon...].dropFirst().drop { $0 == " " })) + "</p>\n"
        }
        guard failureCount > 0 else { return html }
        return html + "<p class=\"verdict s-failed\"><span class=\"icon s-failed\" aria-hidden=\"true\">" + (Self.icons["failed"] ?? "")
            + "</span> " + (gate == nil ? "<strong>Not ready to ship: </strong>" : "") + escape(verdictText) + "</p>\n"
    }

    private func failureHTML(_ failure: Failure, first: Bool) -> String {
        let status = failure.status.lowercased
        var html = "<li class=\"failure s-\(status)\"><div class=\"failure-head\">"
        html +=
            "<span class=\"badge s-\(status)\"><span class=\"badge-icon\" aria-hidden=\"true\">\(Self.icons[status] ?? "")</span>"
            + (Self.labels[status] ?? status) + "</span> "
        if failure.isNew { html += "<span class=\"badge new-failure\" title=\"Did not fail in the previous run\">new failure</span> " }
        if failure.isFlaky {
            html += "<span class=\"badge flaky\" title=\"Passed and failed in turn over the last runs\">flaky</span> "
        }
        if !failure.criteria.isEmpty {
            html += "<span class=\"criterion-refs\"><span class=\"sr-only\">breaks criteria </span>"
            for id in failure.criteria {
                html +=
                    "<a class=\"criterion-ref mono\" href=\"#criterion-" + escape(Self.percentEncoded(id)) + "\">" + escape(id) + "</a> "
            }
            html += "</span>"
        }
        html +=
            "<span class=\"feature-name\">" + escape(failure.feature) + " \u{203A} </span><a href=\"" + escape(failure.page) + "#"
            + escape(Self.percentEncoded(failure.anchor)) + "\">" + escape(failure.scenario) + "</a></div>\n"
        if let since = failure.since { html += "<p class=\"since\">" + escape(since.text) + "</p>\n" }
        // The Element Timing API times the text an element holds itself: the claim's text.
        let timing = first ? " elementtiming=\"first-failure\"" : ""
        if let claim = failure.claim {
            html +=
                "<div class=\"failure-step claim\"" + timing + "><span class=\"kw\">" + escape(claim.keyword) + "</span>"
                + escape(claim.text)
                + "<span class=\"actual\">" + escape(claim.actual) + "</span></div>\n"
        }
        // For developers: the step that did not pass with its definition's place, the feature line, the message.
        html += "<details class=\"for-developers\"><summary>For developers</summary>\n"
        if !failure.step.isEmpty {
            html +=
                "<div class=\"failure-step" + (failure.claim == nil ? "" : " dev-step") + "\"" + (failure.claim == nil ? timing : "")
                + "><span class=\"kw\">" + escape(failure.keyword) + "</span>" + escape(failure.step)
                + (failure.location.map { "<span class=\"mono where\">  " + escape($0) + "</span>" } ?? "") + "</div>\n"
        }
        html += "<p class=\"mono where feature-line\">" + escape(failure.anchor) + "</p>\n"
        if let message = failure.message, !message.isEmpty {
            let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
            var shown = lines.prefix(Self.messageLines).joined(separator: "\n")
            if lines.count > Self.messageLines { shown += "\n\u{2026}" }
            html += "<pre class=\"error\">" + escape(shown) + "</pre>\n"
        }
        html += "</details>\n"
        return html + "</li>\n"
    }

    /// A status as the page names it (`failed`), to compare in the one order of severity; UNKNOWN for a name that
    /// is none.
    static func status(named name: String) -> TestStepResultStatus {
        TestStepResultStatus(rawValue: name.uppercased()) ?? .unknown
    }

    static func plural(_ count: Int, _ noun: String, _ nouns: String? = nil) -> String {
        "\(count) " + (count == 1 ? noun : nouns ?? noun + "s")
    }

    /// As the script's `encodeURIComponent`: what is not a letter, digit or `-_.!~*'()` is percent-encoded.
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "~"), UInt8(ascii: "*"),
                UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                out += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
            }
        }
        return out
    }
}
