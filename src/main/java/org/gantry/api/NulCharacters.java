package org.gantry.api;

/**
 * NUL characters ({@code \u0000}) are refused in every text a client sends: PostgreSQL
 * cannot store one in a text column, and no name, filter or document needs one. Query and
 * form parameters and path variables are checked by {@link NulParameterCheck}, JSON bodies
 * while Jackson reads them ({@link ApiInputConfiguration}), raw bodies by
 * {@link NulFreeBodies}: once for every route, none of which has to remember it.
 */
final class NulCharacters {

    private NulCharacters() {
    }

    static boolean in(String text) {
        return text != null && text.indexOf('\u0000') >= 0;
    }

    /** Why {@code what} ("Parameter keyword", "Field username") is refused. */
    static String message(String what) {
        return what + " contains a NUL character (\\u0000), which Gantry accepts in no text; remove it.";
    }

    static ApiException refusal(String what) {
        return ApiException.invalid(message(what));
    }
}
