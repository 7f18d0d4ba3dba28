package org.gantry.expression;

/** A refused expression change; the message says why and is safe to show the user. */
public class ExpressionException extends RuntimeException {

    public ExpressionException(String message) {
        super(message);
    }
}
