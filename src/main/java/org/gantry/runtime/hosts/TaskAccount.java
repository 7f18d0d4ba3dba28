package org.gantry.runtime.hosts;

/**
 * An unprivileged OS account tasks run as, with the ids files and {@code setpriv} need.
 *
 * @param name the account's login name
 * @param uid  its user id
 * @param gid  its primary group id
 */
public record TaskAccount(String name, int uid, int gid) {
}
