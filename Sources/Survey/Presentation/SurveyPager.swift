import Foundation

/// The survey list as a horizontal pager: one survey per page, swiping moves between neighbours.
/// Swiping past the first or the last survey stays where it is.
public struct SurveyPager: Equatable, Sendable {
    public private(set) var surveys: [SurveyItem]
    public private(set) var currentIndex = 0

    /// The pager opens on the first survey (the app never restores another page).
    public init(surveys: [SurveyItem] = []) {
        self.surveys = surveys
    }

    public var currentSurvey: SurveyItem? {
        surveys.indices.contains(currentIndex) ? surveys[currentIndex] : nil
    }

    /// Swipe to the left: show the next survey.
    public mutating func showNext() {
        if currentIndex + 1 < surveys.count { currentIndex += 1 }
    }

    /// Swipe to the right: show the previous survey.
    public mutating func showPrevious() {
        if currentIndex > 0 { currentIndex -= 1 }
    }

    /// A refresh replaces the surveys and goes back to the first one.
    public mutating func replace(with surveys: [SurveyItem]) {
        self.surveys = surveys
        currentIndex = 0
    }
}
