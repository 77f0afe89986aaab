// expect: is unavailable: Enable Courier's RxSwift trait
// Without Courier's RxSwift trait, RxCourier's `client.rx` says how to get it.
import Courier
import RxCourier

func timetable(_ client: APIClient) {
    _ = client.rx
}
