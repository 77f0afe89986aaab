// Without Courier's `RxSwift` trait, RxCourier builds without RxSwift, and `client.rx` is this
// unavailable stand-in: code that uses it fails to compile with a message that says how to enable
// the trait, rather than with "has no member 'rx'".
#if !RxSwift
    public import CourierCore

    extension APIClient {
        /// RxCourier's reactive calls (`client.rx.send(_:)`); unavailable without Courier's `RxSwift`
        /// trait.
        ///
        /// Enable it: `.package(url: …, from: …, traits: [.defaults, "RxSwift"])`.
        @available(
            *, unavailable,
            message: "Enable Courier's RxSwift trait: .package(url: …, from: …, traits: [.defaults, \"RxSwift\"])"
        )
        public var rx: Never {
            fatalError("unavailable")
        }
    }
#endif
