/// The state of one scenario. A fresh instance is made for every scenario (one per World type the
/// scenario's steps and hooks use) and thrown away at its end.
public protocol World: AnyObject, SendableMetatype {
    init()
}

/// A set of step definitions, hooks and parameter types sharing one World type.
///
///     enum QuizSteps: StepLibrary {
///         static func register(_ steps: inout Steps<QuizWorld>) { … }
///     }
public protocol StepLibrary: SendableMetatype {
    associatedtype WorldType: World
    /// A tag expression: when set, this library's steps and scenario hooks bind only in matching scenarios.
    static var scope: String? { get }
    static func register(_ steps: inout Steps<WorldType>)
}

extension StepLibrary {
    public static var scope: String? { nil }
}
