package org.gantry.security;

/** A refused account change; the message says why and is safe to show the user. */
public class AccountException extends RuntimeException {

    public AccountException(String message) {
        super(message);
    }
}
