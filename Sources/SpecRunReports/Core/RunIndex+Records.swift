// Small records the run index keeps instead of whole messages.

/// The suggested snippet codes of one pickle step: almost always one, kept without an array.
enum SuggestedCodes {
    case one(String)
    case many([String])

    func adding(_ code: String) -> SuggestedCodes {
        switch self {
        case .one(let first): return .many([first, code])
        case .many(let codes): return .many(codes + [code])
        }
    }
}

/// Where a test step is in its test case, and whether it runs a hook.
struct TestStepPlace {
    let position: Int32
    let isHook: Bool
}
