import Survey
import XCTest

final class LoginPresenterTests: XCTestCase {
    func test_idle_enablesLoginOnlyWhenEmailAndPasswordAreFilled() {
        XCTAssertFalse(LoginPresenter.idle(email: "", password: "secret").isLoginEnabled)
        XCTAssertFalse(LoginPresenter.idle(email: "   ", password: "secret").isLoginEnabled)
        XCTAssertFalse(LoginPresenter.idle(email: "a@b.co", password: "").isLoginEnabled)
        XCTAssertTrue(LoginPresenter.idle(email: "a@b.co", password: "secret").isLoginEnabled)
    }

    func test_idle_disablesLoginOnEmailThatIsNotAnEmailAddress() {
        for email in ["dev", "dev@nimblehq", "dev@nimblehq.c", "@nimblehq.co", "dev nimble@hq.co", "dev@@hq.co"] {
            XCTAssertFalse(LoginPresenter.idle(email: email, password: "secret").isLoginEnabled, email)
        }
        XCTAssertTrue(LoginPresenter.idle(email: "first.last+tag@mail.nimblehq.co", password: "secret").isLoginEnabled)
    }

    func test_failed_showsTheOriginalAppsMessageWhenTheTokenCouldNotBeSaved() {
        XCTAssertEqual(LoginPresenter.failed(LoginController.Error.tokenNotSaved).errorMessage, "Unexpected error. Please try later.")
    }

    func test_loading_showsLoadingAndDisablesLogin() {
        XCTAssertEqual(LoginPresenter.loading(), LoginViewModel(isLoading: true, errorMessage: nil, isLoginEnabled: false))
    }

    func test_failed_showsConnectivityMessageOnConnectivityError() {
        let viewModel = LoginPresenter.failed(RemoteLoginService.Error.connectivity)

        XCTAssertEqual(
            viewModel, LoginViewModel(isLoading: false, errorMessage: LoginPresenter.connectivityErrorMessage, isLoginEnabled: true))
    }

    func test_failed_showsIncorrectCredentialsMessageOnInvalidCredentials() {
        XCTAssertEqual(
            LoginPresenter.failed(RemoteLoginService.Error.invalidCredentials).errorMessage,
            "Your email or password is incorrect. Please try again.")
    }

    func test_failed_showsGenericMessageOnInvalidData() {
        XCTAssertEqual(LoginPresenter.failed(RemoteLoginService.Error.invalidData).errorMessage, LoginPresenter.invalidDataErrorMessage)
    }
}
