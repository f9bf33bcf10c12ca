import Foundation
import Messages

/// The `meta` message: who produced the stream, on what, and in which CI (from the environment).
package enum MetaFactory {
    static let protocolVersion = "33.0.4"
    /// specrun's version: the `meta` message, `--version`, the man page, the language server and `init` name it.
    package static let implementationVersion = "0.2.0"

    static func make(environment: [String: String]) -> Meta {
        Meta(
            protocolVersion: protocolVersion,
            implementation: Product(name: "specrun", version: implementationVersion),
            runtime: Product(name: "Swift", version: swiftVersion),
            os: Product(name: osName, version: ProcessInfo.processInfo.operatingSystemVersionString),
            cpu: Product(name: cpuName),
            ci: ci(environment))
    }

    static var swiftVersion: String {
        #if swift(>=6.3)
        return "6.3"
        #elseif swift(>=6.2)
        return "6.2"
        #elseif swift(>=6.1)
        return "6.1"
        #else
        return "6.0"
        #endif
    }

    static var osName: String {
        #if os(Linux)
        return "linux"
        #elseif os(macOS)
        return "darwin"
        #elseif os(Windows)
        return "win32"
        #else
        return "unknown"
        #endif
    }

    static var cpuName: String {
        #if arch(x86_64)
        return "x64"
        #elseif arch(arm64)
        return "arm64"
        #else
        return "unknown"
        #endif
    }

    /// GitHub Actions, GitLab CI, or any CI that sets `CI` (as the reference `ci-environment` does, in short).
    static func ci(_ env: [String: String]) -> Ci? {
        if env["GITHUB_ACTIONS"] == "true" {
            let server = env["GITHUB_SERVER_URL"] ?? "https://github.com"
            let repository = env["GITHUB_REPOSITORY"] ?? ""
            let runId = env["GITHUB_RUN_ID"]
            let git = env["GITHUB_SHA"].map {
                Git(
                    remote: "\(server)/\(repository).git", revision: $0,
                    branch: env["GITHUB_HEAD_REF"].flatMap { $0.isEmpty ? nil : $0 } ?? env["GITHUB_REF_NAME"])
            }
            return Ci(
                name: "GitHub Actions", url: runId.map { "\(server)/\(repository)/actions/runs/\($0)" },
                buildNumber: runId, git: git)
        }
        if env["GITLAB_CI"] == "true" {
            let git = env["CI_COMMIT_SHA"].map {
                Git(remote: env["CI_REPOSITORY_URL"] ?? "", revision: $0, branch: env["CI_COMMIT_BRANCH"], tag: env["CI_COMMIT_TAG"])
            }
            return Ci(name: "GitLab", url: env["CI_PIPELINE_URL"], buildNumber: env["CI_PIPELINE_IID"], git: git)
        }
        if let flag = env["CI"], !flag.isEmpty, flag != "false" {
            return Ci(name: "CI")
        }
        return nil
    }
}
