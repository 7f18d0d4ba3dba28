package org.gantry.security;

import java.time.Clock;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.security.core.session.SessionRegistry;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Accounts: lookups for everyone, changes for administrators. */
@Service
public class UserService {

    private static final Logger log = LoggerFactory.getLogger(UserService.class);

    private final UserAccountRepository users;
    private final UserGroupRepository groups;
    private final PasswordEncoder passwordEncoder;
    private final SessionRegistry sessionRegistry;
    private final CurrentUser currentUser;
    /** Looked up when needed: the features behind it depend on this service. */
    private final ObjectProvider<AccountHoldings> holdings;
    private final Clock clock;

    UserService(UserAccountRepository users, UserGroupRepository groups, PasswordEncoder passwordEncoder,
                SessionRegistry sessionRegistry, CurrentUser currentUser, ObjectProvider<AccountHoldings> holdings,
                Clock clock) {
        this.users = users;
        this.groups = groups;
        this.passwordEncoder = passwordEncoder;
        this.sessionRegistry = sessionRegistry;
        this.currentUser = currentUser;
        this.holdings = holdings;
        this.clock = clock;
    }

    @Transactional(readOnly = true)
    public Optional<UserAccount> find(String username) {
        return users.findByUsername(username);
    }

    /**
     * The existing account a new user named so would clash with: the same name, or one differing only
     * in case (names are case-sensitive, as in OpenPAI, but two that a person cannot tell apart are
     * refused: docs/decisions/0003-rest-api-v2.md).
     */
    @Transactional(readOnly = true)
    public Optional<String> nameTaken(String username) {
        return users.findByUsernameIgnoringCase(username).map(UserAccount::getUsername);
    }

    @Transactional(readOnly = true)
    public List<UserAccount> list() {
        return users.findAllByOrderByUsername();
    }

    @PreAuthorize("hasRole('ADMIN')")
    @Transactional
    public UserAccount create(String username, String password, Role role, String email, Collection<String> groupNames) {
        checkUsername(username);
        Optional<String> taken = nameTaken(username);
        if (taken.isPresent()) {
            throw new AccountException(taken.get().equals(username) ? "User " + username + " already exists"
                    : "User " + taken.get() + " already exists; names that differ only in case are refused");
        }
        UserAccount user = new UserAccount(username, encode(password), role, clock.instant());
        user.setEmail(email);
        user.setGroups(resolveGroups(groupNames));
        log.info("Created user {} with role {}", username, role);
        return users.save(user);
    }

    @PreAuthorize("hasRole('ADMIN')")
    @Transactional
    public UserAccount update(String username, Role role, String email, Collection<String> groupNames) {
        UserAccount user = require(username);
        user.setRole(role);
        user.setEmail(email);
        user.setGroups(resolveGroups(groupNames));
        log.info("Updated user {}: role {}, groups {}", username, role, groupNames);
        return user;
    }

    @PreAuthorize("hasRole('ADMIN')")
    @Transactional
    public void resetPassword(String username, String newPassword) {
        require(username).setPasswordHash(encode(newPassword));
        log.info("Password of {} reset by an administrator", username);
    }

    /** Changes the caller's own password after checking the current one. */
    @Transactional
    public void changeOwnPassword(String username, String currentPassword, String newPassword) {
        UserAccount user = require(username);
        if (!passwordEncoder.matches(currentPassword, user.getPasswordHash())) {
            throw new AccountException("The current password is wrong");
        }
        user.setPasswordHash(encode(newPassword));
    }

    /** Changes the caller's own e-mail address. */
    @Transactional
    public void changeOwnEmail(String username, String email) {
        if (email != null && email.length() > UserAccount.EMAIL_MAX) {
            throw new AccountException("An e-mail address has at most " + UserAccount.EMAIL_MAX + " characters");
        }
        require(username).setEmail(email);
    }

    /** Disabling an account also ends its browser sessions; its tokens stop working at once. */
    @PreAuthorize("hasRole('ADMIN')")
    @Transactional
    public void setEnabled(String username, boolean enabled) {
        UserAccount user = require(username);
        user.setEnabled(enabled);
        if (!enabled) {
            expireSessions(username);
        }
        log.info("User {} {}", username, enabled ? "enabled" : "disabled");
    }

    /** Makes the user a member of exactly these groups. */
    @PreAuthorize("hasRole('ADMIN')")
    @Transactional
    public void setGroups(String username, Collection<String> groupNames) {
        require(username).setGroups(resolveGroups(groupNames));
        log.info("Groups of {} set to {}", username, groupNames);
    }

    /** Adds the user to a group; false when they were a member already. */
    @PreAuthorize("hasRole('ADMIN')")
    @Transactional
    public boolean addToGroup(String username, String groupName) {
        UserAccount user = require(username);
        Set<UserGroup> memberOf = new HashSet<>(user.getGroups());
        if (!memberOf.addAll(resolveGroups(List.of(groupName)))) {
            return false;
        }
        user.setGroups(memberOf);
        log.info("User {} added to group {}", username, groupName);
        return true;
    }

    /** Removes the user from a group; false when they were not a member. */
    @PreAuthorize("hasRole('ADMIN')")
    @Transactional
    public boolean removeFromGroup(String username, String groupName) {
        UserAccount user = require(username);
        Set<UserGroup> memberOf = new HashSet<>(user.getGroups());
        if (!memberOf.removeIf(g -> g.getName().equals(groupName))) {
            return false;
        }
        user.setGroups(memberOf);
        log.info("User {} removed from group {}", username, groupName);
        return true;
    }

    /**
     * Removes an account that owns nothing that must outlive it. An account that does (jobs,
     * whose history stays) is disabled instead: it can no longer sign in, its tokens and
     * sessions stop at once, and what it owns is kept (docs/decisions/0008-user-deletion.md).
     * Nobody removes their own account, so an administrator always remains.
     */
    @PreAuthorize("hasRole('ADMIN')")
    @Transactional
    public Removal remove(String username) {
        UserAccount user = require(username);
        if (currentUser.username().map(username::equals).orElse(false)) {
            throw new AccountException("You cannot remove your own account; another administrator can.");
        }
        List<String> kept = holdings.orderedStream().flatMap(h -> h.heldBy(username).stream()).toList();
        expireSessions(username);
        if (!kept.isEmpty()) {
            user.setEnabled(false);
            log.info("User {} disabled instead of removed: owns {}", username, kept);
            return new Removal(false, kept);
        }
        users.delete(user);
        users.flush();
        log.info("User {} removed", username);
        return new Removal(true, List.of());
    }

    /** How a removal went: {@code removed}, or disabled because of what the account still owns ({@code keptFor}). */
    public record Removal(boolean removed, List<String> keptFor) {
    }

    private void expireSessions(String username) {
        for (Object principal : sessionRegistry.getAllPrincipals()) {
            if (principal instanceof UserDetails details && details.getUsername().equals(username)) {
                sessionRegistry.getAllSessions(principal, false).forEach(s -> s.expireNow());
            }
        }
    }

    private UserAccount require(String username) {
        return users.findByUsername(username)
                .orElseThrow(() -> new AccountException("No user " + username));
    }

    private Set<UserGroup> resolveGroups(Collection<String> names) {
        Set<UserGroup> resolved = new HashSet<>();
        for (String name : names) {
            resolved.add(groups.findByName(name).orElseThrow(() -> new AccountException("No group " + name)));
        }
        return resolved;
    }

    private String encode(String password) {
        if (password == null || password.length() < UserAccount.PASSWORD_MIN) {
            throw new AccountException("A password needs at least " + UserAccount.PASSWORD_MIN + " characters");
        }
        return passwordEncoder.encode(password);
    }

    static void checkUsername(String username) {
        if (username == null || !username.matches(UserAccount.USERNAME_PATTERN)) {
            throw new AccountException("A username is 1 to " + UserAccount.USERNAME_MAX
                    + " letters, digits, '_', '.' or '-' (and not '.' or '..')");
        }
    }
}
