import Foundation
import Messages
import SharedState

/// The keywords of one spoken language, as in the official gherkin-languages.json.
public struct Dialect: Sendable {
    public let code: String
    public let name: String
    public let native: String
    public let feature: [String]
    public let rule: [String]
    public let background: [String]
    public let scenario: [String]
    public let scenarioOutline: [String]
    public let examples: [String]
    public let given: [String]
    public let when: [String]
    public let then: [String]
    public let and: [String]
    public let but: [String]

    /// The dialect for a language code (`en`, `fr`, `zh-TW`, …), or nil when Gherkin has none.
    public static func named(_ code: String) -> Dialect? { all[code] }

    /// Every supported language code, sorted.
    public static var codes: [String] { all.keys.sorted() }
}

/// A keyword ready for byte-wise matching against a UTF-8 line.
struct Keyword: Sendable {
    let text: String
    let bytes: [UInt8]
    /// For step keywords: the keyword type the reference assigns in plain Gherkin (`Unknown` when the
    /// keyword belongs to several step kinds).
    let stepType: StepKeywordType?

    init(_ text: String, stepType: StepKeywordType? = nil) {
        self.text = text
        self.bytes = Array(text.utf8)
        self.stepType = stepType
    }
}

/// A dialect's keywords prepared for the token matchers (computed once per dialect).
struct CompiledDialect: Sendable {
    let code: String
    let feature: [Keyword]
    let rule: [Keyword]
    let background: [Keyword]
    /// Scenario keywords followed by Scenario Outline keywords, in the order the reference tries them.
    let scenario: [Keyword]
    let examples: [Keyword]
    /// Step keywords, longest first (stable for equal lengths), as the reference sorts them.
    let steps: [Keyword]
    /// For each step keyword, the first kind of step it is listed under.
    let firstStepType: [String: StepKeywordType]
    /// The same keywords laid out for the plain matcher (see KeywordTable).
    let featureTable: KeywordTable
    let ruleTable: KeywordTable
    let backgroundTable: KeywordTable
    let scenarioTable: KeywordTable
    let examplesTable: KeywordTable
    let stepTable: KeywordTable

    init(_ dialect: Dialect) {
        code = dialect.code
        feature = dialect.feature.map { Keyword($0) }
        rule = dialect.rule.map { Keyword($0) }
        background = dialect.background.map { Keyword($0) }
        scenario = (dialect.scenario + dialect.scenarioOutline).map { Keyword($0) }
        examples = dialect.examples.map { Keyword($0) }
        let kinds: [([String], StepKeywordType)] = [
            (dialect.given, .context), (dialect.when, .action), (dialect.then, .outcome),
            (dialect.and, .conjunction), (dialect.but, .conjunction),
        ]
        var types: [String: [StepKeywordType]] = [:]
        var all: [String] = []
        for (keywords, type) in kinds {
            for keyword in keywords {
                types[keyword, default: []].append(type)
                all.append(keyword)
            }
        }
        let sorted = all.enumerated().sorted { lhs, rhs in
            let l = lhs.element.unicodeScalars.count, r = rhs.element.unicodeScalars.count
            return l != r ? l > r : lhs.offset < rhs.offset
        }
        steps = sorted.map { entry in
            let kinds = types[entry.element] ?? []
            return Keyword(entry.element, stepType: kinds.count == 1 ? kinds[0] : .unknown)
        }
        firstStepType = types.compactMapValues { $0.first }
        featureTable = KeywordTable(feature)
        ruleTable = KeywordTable(rule)
        backgroundTable = KeywordTable(background)
        scenarioTable = KeywordTable(scenario)
        examplesTable = KeywordTable(examples)
        stepTable = KeywordTable(steps)
    }

    /// Each dialect compiled when a document first asks for it (nearly every run uses only English): compiling
    /// all eighty at the first parse was a millisecond of every run's start-up.
    static func named(_ code: String) -> CompiledDialect? { CompiledDialects.named(code) }
}

/// The dialects compiled so far; documents parsed on several threads share it.
private enum CompiledDialects {
    static let shared = Locked<[String: CompiledDialect]>([:])

    static func named(_ code: String) -> CompiledDialect? {
        shared.withLock { compiled in
            if let known = compiled[code] { return known }
            guard let dialect = Dialect.all[code] else { return nil }
            let made = CompiledDialect(dialect)
            compiled[code] = made
            return made
        }
    }
}
