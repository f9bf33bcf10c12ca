import Foundation

// Every error says what happened and what to do, for logs and for the step failures of the specs.

extension RemoteLoginService.Error: CustomStringConvertible {
    public var description: String {
        switch self {
        case .connectivity:
            "Login failed: the survey server could not be reached. Check the network connection and try again."
        case .invalidCredentials:
            "Login failed: the survey server refused the email and password (HTTP 400/401). Check them and try again."
        case .invalidData:
            "Login failed: the survey server's answer is not a token (expected HTTP 200 with access_token, token_type, refresh_token and expires_in ≥ 0)."
        }
    }
}

extension RemoteTokenLoader.Error: CustomStringConvertible {
    public var description: String {
        switch self {
        case .connectivity:
            "Token renewal failed: the survey server could not be reached. Check the network connection and try again."
        case .invalidData:
            "Token renewal failed: the survey server did not answer with a new token (expected HTTP 200 with access_token, token_type, refresh_token and expires_in ≥ 0). Log in again."
        }
    }
}

extension LocalTokenLoader.Error: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notFound:
            "No token is cached: the user has to log in."
        case .invalidData:
            "The cached token cannot be read (it is not a token this app wrote). Log in again to replace it."
        }
    }
}

extension RemoteSurveysLoader.Error: CustomStringConvertible {
    public var description: String {
        switch self {
        case .connectivity:
            "Loading the surveys failed: the survey server could not be reached. Check the network connection and try again."
        case .invalidData:
            "Loading the surveys failed: the answer is not a survey list (expected HTTP 200 with data[] of id, title, description and cover_image_url)."
        }
    }
}

extension FileTokenStore.Error: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .cannotWrite(path):
            "The token could not be written to \(path): check that its folder exists and is writable by this user."
        }
    }
}

extension AuthorizationError: CustomStringConvertible {
    public var description: String {
        "The request could not be authorized: \(underlying)"
    }
}
