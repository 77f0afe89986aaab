import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Redaction {
    /// An underlying error as an ``APIError`` keeps it: a Foundation networking error is rebuilt
    /// with its code, its description and the URL it failed on, scrubbed; everything else in its
    /// `userInfo` (the failing `URL` object, nested errors, the task) is dropped, since any of it
    /// can print the URL's secret query (`NSErrorFailingURLKey=…?api_key=…`). Other errors are
    /// kept as they are; their descriptions are scrubbed when an ``APIError`` is described.
    ///
    /// - Parameter error: The error.
    /// - Returns: The error, safe to print.
    func scrub(_ error: any Error) -> any Error {
        guard let urlError = error as? URLError else { return error }
        var userInfo: [String: Any] = [:]
        if let description = urlError.userInfo[NSLocalizedDescriptionKey] as? String {
            userInfo[NSLocalizedDescriptionKey] = scrub(description)
        }
        let failing =
            (urlError.userInfo[NSURLErrorFailingURLErrorKey] as? URL)?.absoluteString
            ?? urlError.userInfo["NSErrorFailingURLStringKey"] as? String
        if let failing, let scrubbed = URL(string: scrub(failing)) {
            userInfo[NSURLErrorFailingURLErrorKey] = scrubbed
        }
        return URLError(urlError.code, userInfo: userInfo)
    }
}
