package org.gantry.security;

import java.util.Optional;
import java.util.Set;

/**
 * What an application token may do. OpenPAI made them for programs that submit and manage
 * jobs, so such a token works on every job route (submit, list, status, config, stop, tags,
 * stars, logs, lint, plan) and for any read, but cannot create or revoke tokens, change its
 * account, or manage users, groups and virtual clusters: a token left in a script must not
 * hand over the account. Logging out with it revokes only itself.
 */
final class ApplicationTokenScope {

    /** OpenPAI's message for such a refusal, word for word (docs/decisions/0003-rest-api-v2.md). */
    static final String OPENPAI_MESSAGE = "Applications are not allowed to do this operation.";

    private static final Set<String> READS = Set.of("GET", "HEAD", "OPTIONS");
    private static final String JOBS = "/api/v2/jobs";
    private static final String LOGOUT = "/api/v2/authn/basic/logout";

    private ApplicationTokenScope() {
    }

    /**
     * Why an application token may not make this request, or empty when it may.
     *
     * @param path the path within the application, after the {@code /rest-server} prefix is removed
     */
    static Optional<String> refusal(String method, String path) {
        if (READS.contains(method) || path.equals(JOBS) || path.startsWith(JOBS + "/") || path.equals(LOGOUT)) {
            return Optional.empty();
        }
        return Optional.of("Application tokens cannot " + what(path) + "; they are for jobs and reading only."
                + " Use a token from a password login (POST /api/v2/authn/basic/login) for this.");
    }

    private static String what(String path) {
        if (under(path, "/api/v2/tokens")) {
            return "create or revoke tokens";
        }
        if (under(path, "/api/v2/users/me")) {
            return "change their account (profile, password, expressions, SSH keys)";
        }
        if (under(path, "/api/v2/users")) {
            return "manage users";
        }
        if (under(path, "/api/v2/groups")) {
            return "manage groups";
        }
        if (under(path, "/api/v2/virtual-clusters")) {
            return "manage virtual clusters";
        }
        return "do this";
    }

    private static boolean under(String path, String prefix) {
        return path.equals(prefix) || path.startsWith(prefix + "/");
    }
}
