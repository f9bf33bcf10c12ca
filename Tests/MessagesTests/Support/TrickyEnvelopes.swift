import Messages

/// Strings that JSON escaping gets wrong most often.
let trickyStrings: [String] = [
    "",
    "plain",
    #"she said "hi""#,
    #"C:\path\to\file \\ and \" and \n literally"#,
    String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }) + "\u{7F}",
    "line 1\nline 2\r\nline 3\ttabbed\u{08}\u{0C}",
    "emoji 😀👩‍👩‍👧 flags 🇧🇪 and é (é) ñ 日本語",
    "</script><script>alert('x')</script>",
    "slashes / // http://example.com/a?b=c&d",
    "separators \u{2028} \u{2029} BOM \u{FEFF} nul \u{0}",
    String(repeating: "long 😀 \"quoted\" ", count: 200),
]

/// Envelopes that put the tricky strings in every kind of field: plain, optional, nested, in arrays, enums, ints.
func trickyEnvelopes() -> [Envelope] {
    var result: [Envelope] = []
    for (index, text) in trickyStrings.enumerated() {
        let location = Location(line: index + 1, column: index == 0 ? nil : -index)
        result.append(Envelope(source: Source(uri: text, data: text, mediaType: .gherkinMarkdown)))
        result.append(
            Envelope(
                attachment: Attachment(
                    body: text, contentEncoding: .base64, fileName: text,
                    mediaType: "text/plain", testStepId: text,
                    timestamp: Timestamp(seconds: Int.max, nanos: Int.min))))
        result.append(
            Envelope(
                pickle: Pickle(
                    id: "\(index)", uri: text, location: location, name: text, language: "en",
                    steps: [
                        PickleStep(
                            argument: PickleStepArgument(docString: PickleDocString(mediaType: text, content: text)),
                            astNodeIds: [text, text], id: text, type: .outcome, text: text),
                        PickleStep(
                            argument: PickleStepArgument(
                                dataTable: PickleTable(rows: [
                                    PickleTableRow(cells: [PickleTableCell(value: text), PickleTableCell(value: "")])
                                ])), astNodeIds: [], id: "s", text: text),
                    ],
                    tags: [PickleTag(name: text, astNodeId: text)], astNodeIds: [])))
        result.append(
            Envelope(
                testStepFinished: TestStepFinished(
                    testCaseStartedId: text, testStepId: "1",
                    testStepResult: TestStepResult(
                        duration: Duration(seconds: 0, nanos: 999_999_999), message: text,
                        status: .failed,
                        exception: Exception(
                            type: text, message: text,
                            stackTrace: text)),
                    timestamp: Timestamp(seconds: -1, nanos: 0))))
        result.append(
            Envelope(
                testRunFinished: TestRunFinished(
                    message: text, success: index % 2 == 0,
                    timestamp: Timestamp(seconds: 0, nanos: 0))))
    }
    return result
}
