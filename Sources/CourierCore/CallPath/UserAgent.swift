extension APIClient {
    /// The `User-Agent` a request is sent with when neither it nor the client's
    /// ``Configuration/headers`` name one: `Courier/0.1 (Linux; Swift)`, with the platform the
    /// app runs on.
    ///
    /// Both transports send it (AsyncHTTPClient would send none, and URLSession its own or
    /// curl's). Name your app instead, for every call or for one request:
    ///
    /// ```swift
    /// configuration.headers = ["User-Agent": "Shop/4.2 (iOS; build 311)"]
    /// ```
    public static let defaultUserAgent = "Courier/\(version) (\(platform); Swift)"

    /// Courier's version, as it names itself in ``defaultUserAgent``.
    static let version = "0.1"

    private static var platform: String {
        #if os(macOS)
            "macOS"
        #elseif os(iOS)
            "iOS"
        #elseif os(tvOS)
            "tvOS"
        #elseif os(watchOS)
            "watchOS"
        #elseif os(visionOS)
            "visionOS"
        #elseif os(Android)
            "Android"
        #elseif os(Linux)
            "Linux"
        #elseif os(Windows)
            "Windows"
        #else
            "unknown"
        #endif
    }
}
