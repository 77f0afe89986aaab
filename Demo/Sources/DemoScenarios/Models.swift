#if Demo
    import Courier
    import Foundation

    /// Seed 000's user, inside a `{"data": [...]}` envelope.
    struct UserModel: Decodable, Sendable {
        var name: String
        var id: Int
    }

    /// Seed 003's todo, as jsonplaceholder serves it.
    struct Todo: Decodable, Sendable {
        var userId: Int
        var id: Int
        var title: String
        var completed: Bool
    }

    /// Seed 001's timetable: snake_case keys and ISO 8601 dates.
    struct Timetable: Decodable, Sendable {
        struct Lesson: Decodable, Sendable {
            var subjectName: String
            var teacherName: String
            var startsAt: Date
            var endsAt: Date
        }
        var className: String
        var updatedAt: Date
        var lessons: [Lesson]
    }

    /// Seed 002's token response.
    struct Token: Decodable, Sendable {
        var accessToken: String
        var refreshToken: String
        var expiresIn: Int
    }

    /// The demo API's error body.
    struct ServerProblem: Decodable, Sendable {
        var error: String
        var code: Int
    }

    struct Photo: Decodable, Sendable {
        var id: String
        var url: String
        var bytes: String
    }
#endif
