package org.gantry.security;

import java.util.Optional;

/**
 * Something a user owns that must outlive their account, so that the account is disabled
 * rather than removed (docs/decisions/0008-user-deletion.md). Features that keep a user's
 * history (jobs) implement it; the security feature owns the interface so that it need not
 * depend on them. Called inside the removal's transaction with an administrator's context.
 */
public interface AccountHoldings {

    /** What {@code username} owns that removing the account would lose, e.g. "3 jobs"; empty for nothing. */
    Optional<String> heldBy(String username);
}
