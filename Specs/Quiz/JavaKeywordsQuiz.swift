import Foundation

/// The payload of the document's contract (seed 004): the java keywords question and its 50 answers.
enum JavaKeywordsQuiz {
    static let question = "What are all the java keywords?"

    static let answers = [
        "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const",
        "continue", "default", "do", "double", "else", "enum", "extends", "final", "finally", "float",
        "for", "goto", "if", "implements", "import", "instanceof", "int", "interface", "long", "native",
        "new", "package", "private", "protected", "public", "return", "short", "static", "strictfp", "super",
        "switch", "synchronized", "this", "throw", "throws", "transient", "try", "void", "volatile", "while",
    ]

    static var payload: Data {
        try! JSONSerialization.data(withJSONObject: ["question": question, "answer": answers], options: [.sortedKeys])
    }
}
