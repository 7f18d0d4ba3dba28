package org.gantry.marketplace;

/** A refused marketplace request; the message says what was wrong and how to fix it. */
public class MarketplaceException extends RuntimeException {

    public enum Kind { NOT_FOUND, INVALID, FORBIDDEN, CONFLICT, TOO_LARGE }

    private final Kind kind;

    public MarketplaceException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    static MarketplaceException notFound(String item) {
        return new MarketplaceException(Kind.NOT_FOUND, "Marketplace item " + item + " is not found.");
    }

    static MarketplaceException invalid(String message) {
        return new MarketplaceException(Kind.INVALID, message);
    }

    static MarketplaceException forbidden(String message) {
        return new MarketplaceException(Kind.FORBIDDEN, message);
    }
}
