#if Demo
    import Foundation
    import Hummingbird

    /// The endpoints the seeds call.
    enum SeedRoutes {
        struct User: Codable, Sendable {
            var name: String
            var id: Int
        }

        struct Todo: Codable, Sendable {
            var userId: Int
            var id: Int
            var title: String
            var completed: Bool
        }

        struct Lesson: Codable, Sendable {
            var subjectName: String
            var teacherName: String
            var startsAt: Date
            var endsAt: Date
        }

        struct Timetable: Codable, Sendable {
            var className: String
            var updatedAt: Date
            var lessons: [Lesson]
        }

        static let todos = [
            Todo(userId: 1, id: 1, title: "delectus aut autem", completed: false),
            Todo(userId: 1, id: 2, title: "quis ut nam facilis et officia qui", completed: false),
            Todo(userId: 1, id: 3, title: "fugiat veniam minus", completed: true),
        ]

        static let snakeCaseEncoder: JSONEncoder = {
            let encoder = JSONEncoder()
            encoder.keyEncodingStrategy = .convertToSnakeCase
            encoder.dateEncodingStrategy = .iso8601
            encoder.outputFormatting = [.sortedKeys]
            return encoder
        }()

        static func add(to router: Router<BasicRequestContext>) {
            router.get("users") { _, _ in
                JSONResponse.make(["data": [User(name: "Bob", id: 0), User(name: "Sam", id: 1)]])
            }
            router.get("todos") { _, _ in
                JSONResponse.make(todos)
            }
            router.get("photos") { request, _ in
                // Seed 000's Low Data Mode: the same list, full size or small.
                let small = request.uri.queryParameters.get("size") == "small"
                let photos = (1...3).map { id in
                    [
                        "id": "\(id)", "url": "/images/\(id)\(small ? "-small" : "").jpg",
                        "bytes": small ? "20480" : "2097152",
                    ]
                }
                return JSONResponse.make(photos)
            }
            router.get("timetable") { _, _ in
                let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
                let timetable = Timetable(
                    className: "3-A",
                    updatedAt: start,
                    lessons: [
                        Lesson(subjectName: "Math", teacherName: "Sato", startsAt: start, endsAt: start + 3000),
                        Lesson(subjectName: "Music", teacherName: "Kim", startsAt: start + 3600, endsAt: start + 6600),
                    ]
                )
                return JSONResponse.make(timetable, encoder: snakeCaseEncoder)
            }
        }
    }
#endif
