/// The shared values of the view body being evaluated: what a key-path `@Environment`
/// property (a view's dynamic property) reads. A view resolver installs them around each
/// `body` it evaluates; outside one they are the defaults.
public enum ViewEnvironment {
    /// The values of the body being evaluated (defaults outside one).
    public static var current: EnvironmentValues { box?.values ?? EnvironmentValues() }

    /// Runs `body` with `values` as the current environment.
    package static func with<R>(_ values: EnvironmentValues, _ body: () -> R) -> R {
        $box.withValue(Box(values), operation: body)
    }

    final class Box: @unchecked Sendable {
        let values: EnvironmentValues
        init(_ values: EnvironmentValues) { self.values = values }
    }

    @TaskLocal static var box: Box?
}
