import Foundation

/// Turns the state of the survey list into what the user sees.
public enum SurveyListPresenter {
    public static let title = "Surveys"
    public static let emptyMessage = "There are no surveys right now."
    public static let connectivityErrorMessage = "Couldn't connect to the server. Check your connection and try again."
    public static let invalidDataErrorMessage = "Something went wrong while loading the surveys. Please try again later."
    public static let sessionExpiredMessage = "Your session has expired. Please log in again."

    public static func loading(_ pager: SurveyPager = SurveyPager(), dateHeader: String? = nil) -> SurveyListViewModel {
        make(pager, isLoading: true, errorMessage: nil, dateHeader: dateHeader)
    }

    public static func map(_ pager: SurveyPager, dateHeader: String? = nil) -> SurveyListViewModel {
        make(pager, isLoading: false, errorMessage: pager.surveys.isEmpty ? emptyMessage : nil, dateHeader: dateHeader)
    }

    /// A failed load keeps the surveys already shown and adds the error message.
    public static func map(_ pager: SurveyPager, error: any Error, dateHeader: String? = nil) -> SurveyListViewModel {
        make(pager, isLoading: false, errorMessage: message(for: error), dateHeader: dateHeader)
    }

    /// The date above the list: weekday, month and day in capitals ("EEEE, MMM d" upper-cased, in English, as the
    /// original app), in the user's time zone.
    public static func dateHeader(for date: Date, timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "EEEE, MMM d"
        return formatter.string(from: date).uppercased()
    }

    public static func message(for error: any Error) -> String {
        switch error {
        case RemoteSurveysLoader.Error.connectivity, RemoteTokenLoader.Error.connectivity:
            return connectivityErrorMessage
        case LocalTokenLoader.Error.notFound, LocalTokenLoader.Error.invalidData, RemoteTokenLoader.Error.invalidData:
            // No token, an unreadable one, or the server refused to renew it: only a new login helps.
            return sessionExpiredMessage
        default:
            return invalidDataErrorMessage
        }
    }

    private static func make(_ pager: SurveyPager, isLoading: Bool, errorMessage: String?, dateHeader: String?) -> SurveyListViewModel {
        let surveys = pager.surveys.map(viewModel)
        return SurveyListViewModel(
            isLoading: isLoading,
            surveys: surveys,
            pageIndicator: PageIndicatorViewModel(numberOfPages: surveys.count, currentPage: pager.currentIndex),
            currentSurvey: pager.currentSurvey.map(viewModel),
            errorMessage: errorMessage,
            dateHeader: dateHeader
        )
    }

    private static func viewModel(_ item: SurveyItem) -> SurveyViewModel {
        SurveyViewModel(title: item.title, description: item.description, imageURL: highResolution(item.coverImageURL))
    }

    /// The survey API's high-resolution variant of a cover image: its URL followed by "l" (as the original app shows).
    static func highResolution(_ url: URL) -> URL {
        URL(string: url.absoluteString + "l") ?? url
    }
}
