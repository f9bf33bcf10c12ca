import Foundation
import SpecRun

/// CCK `attachments`: text, logs, ANSI logs, a doc string as JSON, bytes, a renamed PDF, a link, and an
/// attachment just before a failure.
final class AttachmentsWorld: World { init() {} }

enum AttachmentsSteps: StepLibrary {
    static func register(_ steps: inout Steps<AttachmentsWorld>) {
        steps.when("the string {string} is attached as {string}") { (_, text: String, mediaType: String) in
            attach(text, mediaType: mediaType)
        }
        steps.when("the string {string} is logged") { (_, text: String) in
            log(text)
        }
        steps.when("text with ANSI escapes is logged") { _ in
            let rainbow = zip(["31", "91", "33", "32", "34", "95", "35"], "rainbow")
                .map { "\u{1B}[\($0)m\($1)\u{1B}[0m" }.joined()
            log("This displays a " + rainbow)
        }
        steps.when("the following string is attached as {string}:") { (_, mediaType: String, body: DocString) in
            attach(body.content, mediaType: mediaType)
        }
        steps.when("an array with {int} bytes is attached as {string}") { (_, size: Int, mediaType: String) in
            attach(Data((0..<size).map { UInt8(truncatingIfNeeded: $0) }), mediaType: mediaType)
        }
        steps.when("a PDF document is attached and renamed") { _ in
            attach(try CCK.data("attachments", "document.pdf"), mediaType: "application/pdf", fileName: "renamed.pdf")
        }
        steps.when("a link to {string} is attached") { (_, uri: String) in
            attach(uri, mediaType: "text/uri-list")
        }
        steps.when("the string {string} is attached as {string} before a failure") { (_, text: String, mediaType: String) in
            attach(text, mediaType: mediaType)
            throw StepError("whoops")
        }
    }
}
