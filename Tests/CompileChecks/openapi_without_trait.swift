// expect: is unavailable: Enable Courier's OpenAPI trait
// Without Courier's OpenAPI trait, CourierOpenAPI's API says how to get it.
import Courier
import CourierOpenAPI

func makeTransport(_ client: APIClient) {
    _ = CourierClientTransport(client: client)
}
