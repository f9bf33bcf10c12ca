import Foundation

/// What the survey list screen shows.
public protocol SurveyListView: AnyObject {
    func display(_ viewModel: SurveyListViewModel)
}

/// The survey list screen: opening it and pulling to refresh both load the first page (showing the loading
/// state meanwhile) and start again from the first survey; swiping moves between the surveys loaded.
/// Confined to the context that created it.
public final class SurveyListController {
    public private(set) var pager = SurveyPager()
    private let loader: RemoteSurveysLoader
    private let pageSize: Int
    private let view: SurveyListView
    private let currentDate: (() -> Date)?
    private let timeZone: TimeZone

    /// With `currentDate`, the list shows today's date above the surveys (in `timeZone`).
    public init(
        loader: RemoteSurveysLoader, pageSize: Int, view: SurveyListView,
        currentDate: (() -> Date)? = nil, timeZone: TimeZone = .current
    ) {
        self.loader = loader
        self.pageSize = pageSize
        self.view = view
        self.currentDate = currentDate
        self.timeZone = timeZone
    }

    private var dateHeader: String? {
        currentDate.map { SurveyListPresenter.dateHeader(for: $0(), timeZone: timeZone) }
    }

    @discardableResult
    public func load() async -> Result<[SurveyItem], any Error> {
        view.display(SurveyListPresenter.loading(pager, dateHeader: dateHeader))
        do {
            let items = try await loader.load(page: 1, size: pageSize)
            pager.replace(with: items)
            view.display(SurveyListPresenter.map(pager, dateHeader: dateHeader))
            return .success(items)
        } catch {
            view.display(SurveyListPresenter.map(pager, error: error, dateHeader: dateHeader))
            return .failure(error)
        }
    }

    public func showNext() {
        pager.showNext()
        view.display(SurveyListPresenter.map(pager, dateHeader: dateHeader))
    }

    public func showPrevious() {
        pager.showPrevious()
        view.display(SurveyListPresenter.map(pager, dateHeader: dateHeader))
    }
}
