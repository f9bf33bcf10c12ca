import Foundation
import XCTest

/// The mechanical part of "no step that cannot fail, no Then that acts" over the step definitions in Specs/:
/// a Then definition must only look (it calls no command of the Chat, Survey or Quiz modules), and no two Then
/// definitions check the same thing under different names (identical bodies).
final class StepDefinitionRulesTests: XCTestCase {
    func test_thenDefinitions_callNoDomainCommand() throws {
        let sut = try makeSUT()

        let acting = sut.definitions.filter { $0.keyword == "then" }.compactMap { definition -> String? in
            let called = sut.scanner.commandsCalled(in: definition.body)
            return called.isEmpty
                ? nil : "\(definition.location) Then \(definition.pattern) calls \(called.sorted().joined(separator: ", "))"
        }

        XCTAssertEqual(acting, [], "a Then step acts: move the action to a When step")
    }

    func test_thenDefinitions_haveNoIdenticalBodies() throws {
        let sut = try makeSUT()

        let groups = Dictionary(grouping: sut.definitions.filter { $0.keyword == "then" }, by: \.normalizedBody)
        // The same step in two worlds (e.g. "the request fails with {string}") is one step, not two names.
        let duplicates = groups.values.filter { Set($0.map(\.pattern)).count > 1 }.map { group in
            group.map { "\($0.location) \($0.pattern)" }.joined(separator: " = ")
        }

        XCTAssertEqual(duplicates.sorted(), [], "two Then steps check the same thing under different names")
    }

    func test_scan_flagsAThenThatActsAndIdenticalBodiesOnAKnownSample() {
        let sut = StepDefinitionScanner(commands: ["startChat"])
        let source = """
            steps.then("starting a chat fails with {string}") { (world, message: String) in
                await world.attempt { try await world.session.startChat() }
            }
            steps.then("the request fails with {string}") { (world, message: String) in
                try expect(world.lastError?.description, equals: message)
            }
            steps.then("the call fails with {string}") { (world, text: String) in
                try expect(world.lastError?.description, equals: text)
            }
            """

        let definitions = sut.definitions(in: source, file: "Sample.swift")

        XCTAssertEqual(
            definitions.map(\.pattern),
            ["starting a chat fails with {string}", "the request fails with {string}", "the call fails with {string}"])
        XCTAssertEqual(sut.commandsCalled(in: definitions[0].body), ["startChat"])
        XCTAssertEqual(sut.commandsCalled(in: definitions[1].body), [])
        XCTAssertEqual(definitions[1].normalizedBody, definitions[2].normalizedBody, "parameter names do not make bodies differ")
    }

    // MARK: - Helpers

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) throws -> (
        definitions: [StepDefinition], scanner: StepDefinitionScanner
    ) {
        let root = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let specs = root.appendingPathComponent("Specs")
        guard FileManager.default.fileExists(atPath: specs.path) else {
            throw XCTSkip("no Specs/ next to the tests (\(specs.path))")
        }
        let commands = try ["Sources/Chat", "Sources/Survey", "Sources/Quiz"].flatMap { folder in
            try swiftFiles(in: root.appendingPathComponent(folder)).flatMap {
                StepDefinitionScanner.commandNames(in: try String(contentsOf: $0, encoding: .utf8))
            }
        }
        let scanner = StepDefinitionScanner(commands: Set(commands).subtracting(StepDefinitionScanner.queries))
        let definitions = try swiftFiles(in: specs).flatMap { url in
            scanner.definitions(
                in: try String(contentsOf: url, encoding: .utf8), file: url.path.replacingOccurrences(of: root.path + "/", with: ""))
        }
        XCTAssertGreaterThan(
            definitions.count, 100, "the scanner found too few step definitions: is the pattern still right?", file: file, line: line)
        return (definitions, scanner)
    }

    private func swiftFiles(in folder: URL) throws -> [URL] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }
}

struct StepDefinition: Equatable {
    let keyword: String
    let pattern: String
    let location: String
    let body: String

    /// The body with its parameters numbered and without white space: two bodies that differ only by the names of
    /// their parameters are the same.
    var normalizedBody: String {
        var text = body
        guard let range = text.range(of: #"^\{\s*(\([^)]*\)|\w+)\s+in"#, options: .regularExpression) else {
            return text.filter { !$0.isWhitespace }
        }
        let parameters = text[range].dropFirst().dropLast(2)
            .split(whereSeparator: { ",()".contains($0) })
            .compactMap { $0.split(separator: ":").first?.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        text.replaceSubrange(range, with: "{")
        for (index, name) in parameters.enumerated() {
            text = text.replacingOccurrences(of: #"(?<![.\w])\#(name)\b"#, with: "_p\(index)_", options: .regularExpression)
        }
        return text.filter { !$0.isWhitespace }
    }
}

/// Finds `steps.given/when/then("…") { … }` definitions in Swift source and the domain commands a body calls.
struct StepDefinitionScanner {
    /// Public functions of the domains that only read: a Then may call them.
    static let queries: Set<String> = [
        "get",  // Result.get() in the steps; the domains' HTTP `get` is never called by a step
        "history",  // OrderChatService.history: the chat log as the service keeps it
        "load",  // a cache double's `load()` (what the device holds); the Quiz `load` is called by When steps
        "retrieve",  // the token store's content
    ]

    let commands: Set<String>

    /// Names of the public instance functions that act: async, mutating, returning nothing, or @discardableResult.
    static func commandNames(in source: String) -> [String] {
        let lines = source.components(separatedBy: "\n")
        var names: [String] = []
        for (index, line) in lines.enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces)
            guard let match = code.range(of: #"^public (mutating )?func (\w+)"#, options: .regularExpression) else { continue }
            let name = String(code[match].split(separator: " ").last ?? "")
            let signature = code[match.upperBound...]
            let discardable = index > 0 && lines[index - 1].contains("@discardableResult")
            if code.contains("mutating") || signature.contains("async") || !signature.contains("->") || discardable {
                names.append(name)
            }
        }
        return names
    }

    func definitions(in source: String, file: String) -> [StepDefinition] {
        let text = Array(source)
        var result: [StepDefinition] = []
        let pattern = try! NSRegularExpression(pattern: ##"steps\.(given|when|then)\((regex: )?#?"((?:[^"\\]|\\.)*)"#?\)\s*\{"##)
        let nsSource = source as NSString
        for match in pattern.matches(in: source, range: NSRange(location: 0, length: nsSource.length)) {
            let keyword = nsSource.substring(with: match.range(at: 1))
            let stepPattern = nsSource.substring(with: match.range(at: 3))
            let prefix = nsSource.substring(to: match.range.location + match.range.length - 1)
            let open = prefix.count
            guard let close = closingBrace(in: text, from: open) else { continue }
            let line = prefix.filter { $0 == "\n" }.count + 1
            result.append(
                StepDefinition(
                    keyword: keyword, pattern: stepPattern, location: "\(file):\(line)",
                    body: String(text[open...close])))
        }
        return result
    }

    /// The domain commands called in a body: `receiver.name(` where `name` is a command.
    func commandsCalled(in body: String) -> Set<String> {
        let call = try! NSRegularExpression(pattern: #"[\w\)\]\?!]\.(\w+)\("#)
        let nsBody = body as NSString
        return Set(
            call.matches(in: body, range: NSRange(location: 0, length: nsBody.length))
                .map { nsBody.substring(with: $0.range(at: 1)) }
                .filter(commands.contains))
    }

    private func closingBrace(in text: [Character], from open: Int) -> Int? {
        var depth = 0
        var index = open
        var inString = false
        while index < text.count {
            let character = text[index]
            if character == "\"" && (index == 0 || text[index - 1] != "\\") { inString.toggle() }
            if !inString {
                if character == "{" { depth += 1 }
                if character == "}" {
                    depth -= 1
                    if depth == 0 { return index }
                }
            }
            index += 1
        }
        return nil
    }
}
