import Messages
import XCTest

@testable import SpecRunCore

final class MetaFactoryTests: XCTestCase {
    func test_make_namesSpecrunSwiftAndTheMachine() {
        let meta = MetaFactory.make(environment: [:])

        XCTAssertEqual(meta.protocolVersion, "33.0.4")
        XCTAssertEqual(meta.implementation.name, "specrun")
        XCTAssertEqual(meta.runtime.name, "Swift")
        XCTAssertTrue(meta.runtime.version?.hasPrefix("6.") == true)
        XCTAssertTrue(["linux", "darwin", "win32"].contains(meta.os.name), meta.os.name)
        XCTAssertFalse(meta.cpu.name.isEmpty)
        XCTAssertNil(meta.ci)
    }

    func test_ci_readsGitHubActions() {
        let ci = MetaFactory.ci([
            "GITHUB_ACTIONS": "true", "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "team/specrun",
            "GITHUB_RUN_ID": "42", "GITHUB_SHA": "abc123", "GITHUB_REF_NAME": "main",
        ])

        XCTAssertEqual(
            ci,
            Ci(
                name: "GitHub Actions", url: "https://github.com/team/specrun/actions/runs/42", buildNumber: "42",
                git: Git(remote: "https://github.com/team/specrun.git", revision: "abc123", branch: "main")))
    }

    func test_ci_readsGitLabAndAnyOtherCI() {
        XCTAssertEqual(
            MetaFactory.ci(["GITLAB_CI": "true", "CI_PIPELINE_URL": "https://gitlab/p/1", "CI_PIPELINE_IID": "1"])?.name, "GitLab")
        XCTAssertEqual(MetaFactory.ci(["CI": "true"])?.name, "CI")
        XCTAssertNil(MetaFactory.ci(["CI": "false"]))
    }
}
