package org.gantry.course;

/** A refused course request; the message says what was wrong and how to fix it. */
public class CourseException extends RuntimeException {

    public enum Kind { NOT_FOUND, INVALID, FORBIDDEN, CONFLICT, TOO_LARGE }

    private final Kind kind;

    public CourseException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    static CourseException notFound(String what) {
        return new CourseException(Kind.NOT_FOUND, what + " is not found.");
    }

    static CourseException invalid(String message) {
        return new CourseException(Kind.INVALID, message);
    }

    static CourseException forbidden(String message) {
        return new CourseException(Kind.FORBIDDEN, message);
    }
}
