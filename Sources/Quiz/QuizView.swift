import Foundation

/// The screen, as the controller sees it.
public protocol QuizView: AnyObject {
    func display(_ viewModel: QuizViewModel)
    func display(_ viewModel: QuizLoadingViewModel)
    func display(_ viewModel: QuizLoadErrorViewModel)
}
