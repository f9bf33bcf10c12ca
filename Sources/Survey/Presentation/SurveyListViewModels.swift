import Foundation

/// What one page of the survey list shows.
public struct SurveyViewModel: Equatable, Sendable {
    public let title: String
    public let description: String
    public let imageURL: URL

    public init(title: String, description: String, imageURL: URL) {
        self.title = title
        self.description = description
        self.imageURL = imageURL
    }
}

/// The dots under the surveys: how many pages, which one is selected (0-based, like a page control).
public struct PageIndicatorViewModel: Equatable, Sendable {
    public let numberOfPages: Int
    public let currentPage: Int

    public init(numberOfPages: Int, currentPage: Int) {
        self.numberOfPages = numberOfPages
        self.currentPage = currentPage
    }

    /// What a screen reader says, e.g. "Page 2 of 3".
    public var accessibilityLabel: String {
        numberOfPages == 0 ? "No pages" : "Page \(currentPage + 1) of \(numberOfPages)"
    }
}

/// Everything the survey list screen shows at one moment.
public struct SurveyListViewModel: Equatable, Sendable {
    public let isLoading: Bool
    public let surveys: [SurveyViewModel]
    public let pageIndicator: PageIndicatorViewModel
    public let currentSurvey: SurveyViewModel?
    public let errorMessage: String?
    /// The date above the list, as the original home screen shows it: "SUNDAY, NOV 22"; nil without a clock.
    public let dateHeader: String?
}
