package org.gantry.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.gantry.security.CurrentUser;
import org.gantry.security.GroupService;
import org.gantry.security.Role;
import org.gantry.security.UserAccount;
import org.gantry.security.UserGroup;
import org.gantry.security.UserService;
import org.springframework.http.HttpStatus;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * OpenPAI's users. OpenPAI grants virtual clusters to users directly; Gantry grants them
 * through groups, so a requested virtual cluster becomes membership of the group of the
 * same name, or else of a group granting it.
 */
@RestController
@RequestMapping("/api/v2/users")
@Tag(name = "user", description = "API endpoint for user")
class UserController {

    private final UserService users;
    private final GroupService groups;
    private final CurrentUser currentUser;

    UserController(UserService users, GroupService groups, CurrentUser currentUser) {
        this.users = users;
        this.groups = groups;
        this.currentUser = currentUser;
    }

    @GetMapping({"", "/"})
    @PreAuthorize("hasRole('ADMIN')")
    @Operation(summary = "Get all users (admin)")
    List<Map<String, Object>> list() {
        return users.list().stream().map(UserController::info).toList();
    }

    @PostMapping({"", "/"})
    @PreAuthorize("hasRole('ADMIN')")
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(summary = "Create a user (admin)")
    Map<String, String> create(@RequestBody UserRequest body) {
        if (body.username() == null) {
            throw ApiException.invalid("username is required.");
        }
        users.nameTaken(body.username()).ifPresent(taken -> {
            throw new ApiException(HttpStatus.CONFLICT, "ConflictUserError", taken.equals(body.username())
                    ? "User name " + taken + " already exists."
                    : "User name " + body.username() + " differs from the existing " + taken + " only in case.");
        });
        users.create(body.username(), body.password(), extensionRole(body).orElse(Boolean.TRUE.equals(body.admin())
                        ? Role.ADMIN : Role.USER),
                body.email(), groupNames(body.grouplist(), body.virtualCluster(), Set.of("default")));
        return Map.of("message", "User is created successfully");
    }

    @PutMapping({"", "/"})
    @PreAuthorize("hasRole('ADMIN')")
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(summary = "Update a user (admin)", description = "With patch=true, absent fields keep their value.")
    Map<String, String> update(@RequestBody UpdateRequest body) {
        UserRequest data = body.data();
        if (data == null || data.username() == null) {
            throw ApiException.invalid("data.username is required.");
        }
        UserAccount user = users.find(data.username()).orElseThrow(() -> noUser(data.username()));
        boolean patch = Boolean.TRUE.equals(body.patch());
        Role role = extensionRole(data).orElse(data.admin() != null ? (data.admin() ? Role.ADMIN : demoted(user))
                : user.getRole());
        String email = data.email() != null ? data.email() : patch ? user.getEmail() : "";
        Collection<String> memberOf = data.grouplist() == null && data.virtualCluster() == null && patch
                ? user.getGroups().stream().map(UserGroup::getName).toList()
                : groupNames(data.grouplist(), data.virtualCluster(), Set.of());
        users.update(user.getUsername(), role, email, memberOf);
        if (data.password() != null) {
            users.resetPassword(user.getUsername(), data.password());
        }
        return Map.of("message", "update user " + user.getUsername() + " successfully.");
    }

    @GetMapping("/me")
    @Operation(summary = "Get your own account")
    Map<String, Object> me() {
        return info(users.find(currentUser.require()).orElseThrow(() -> noUser(currentUser.require())));
    }

    @PutMapping("/me")
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(summary = "Update your own e-mail address or password")
    Map<String, String> updateMe(@RequestBody UpdateRequest body) {
        String me = currentUser.require();
        UserRequest data = body.data();
        if (data == null) {
            throw ApiException.invalid("data is required.");
        }
        if (data.username() != null && !data.username().equals(me)) {
            throw new ApiException(HttpStatus.FORBIDDEN, "ForbiddenUserError", "You may only update your own account.");
        }
        if (data.email() != null) {
            users.changeOwnEmail(me, data.email());
        }
        if (data.newPassword() != null) {
            users.changeOwnPassword(me, data.oldPassword() == null ? "" : data.oldPassword(), data.newPassword());
        }
        return Map.of("message", "update user " + me + " successfully.");
    }

    @GetMapping("/{user}")
    @Operation(summary = "Get a user's account (yourself, or anyone for an admin)")
    Map<String, Object> get(@PathVariable String user) {
        currentUser.checkIsSelfOrAdmin(user);
        return info(users.find(user).orElseThrow(() -> noUser(user)));
    }

    @DeleteMapping("/{user}")
    @PreAuthorize("hasRole('ADMIN')")
    @Operation(summary = "Remove a user (admin)", description = "A user who owns jobs is disabled instead, so that"
            + " the jobs' history stays: the answer says which happened (removed: true or false). Nobody removes"
            + " their own account.")
    Map<String, Object> delete(@PathVariable String user) {
        users.find(user).orElseThrow(() -> noUser(user));
        UserService.Removal removal = users.remove(user);
        if (removal.removed()) {
            return Map.of("message", "user is removed successfully", "removed", true);
        }
        return Map.of("message", "User " + user + " owns " + String.join(", ", removal.keptFor()) + ", so the account"
                + " was disabled instead of removed: it can no longer sign in and its tokens no longer work, and"
                + " its jobs' history is kept.", "removed", false, "disabled", true);
    }

    @PutMapping({"/{user}/group", "/{user}/group/"})
    @PreAuthorize("hasRole('ADMIN')")
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(summary = "Add a user to a group (admin)")
    Map<String, String> addToGroup(@PathVariable String user, @RequestBody GroupRequest body) {
        String group = existingGroup(user, body);
        users.addToGroup(user, group);
        return Map.of("message", "User " + user + " is added into group " + group);
    }

    @DeleteMapping({"/{user}/group", "/{user}/group/"})
    @PreAuthorize("hasRole('ADMIN')")
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(summary = "Remove a user from a group (admin)")
    Map<String, String> removeFromGroup(@PathVariable String user, @RequestBody GroupRequest body) {
        String group = existingGroup(user, body);
        if (!users.removeFromGroup(user, group)) {
            throw new ApiException(HttpStatus.NOT_FOUND, "NoGroupError",
                    "User " + user + " is not a member of group " + group + ".");
        }
        return Map.of("message", "User " + user + " is removed from group " + group);
    }

    @PutMapping({"/{user}/grouplist", "/{user}/grouplist/"})
    @PreAuthorize("hasRole('ADMIN')")
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(summary = "Replace a user's groups (admin)")
    Map<String, String> setGroups(@PathVariable String user, @RequestBody GroupListRequest body) {
        users.find(user).orElseThrow(() -> noUser(user));
        if (body.grouplist() == null) {
            throw ApiException.invalid("grouplist is required.");
        }
        body.grouplist().forEach(this::requireGroup);
        users.setGroups(user, new LinkedHashSet<>(body.grouplist()));
        return Map.of("message", "update user grouplist successfully.");
    }

    private String existingGroup(String user, GroupRequest body) {
        users.find(user).orElseThrow(() -> noUser(user));
        if (body.groupname() == null || body.groupname().isBlank()) {
            throw ApiException.invalid("groupname is required.");
        }
        return requireGroup(body.groupname());
    }

    private String requireGroup(String name) {
        return groups.group(name).map(UserGroup::getName).orElseThrow(() -> new ApiException(HttpStatus.NOT_FOUND,
                "NoGroupError", "Group " + name + " is not found."));
    }

    private Set<String> groupNames(List<String> grouplist, List<String> virtualClusters, Set<String> fallback) {
        Set<String> names = new LinkedHashSet<>(grouplist == null ? List.of() : grouplist);
        if (virtualClusters != null) {
            List<UserGroup> all = groups.groups();
            for (String vc : virtualClusters) {
                names.add(all.stream().filter(g -> g.getName().equals(vc) && grants(g, vc)).findFirst()
                        .or(() -> all.stream().filter(g -> grants(g, vc)).findFirst())
                        .map(UserGroup::getName)
                        .orElseThrow(() -> new ApiException(HttpStatus.NOT_FOUND, "NoVirtualClusterError",
                                "Virtual cluster " + vc + " is not found or no group grants it.")));
            }
        }
        return names.isEmpty() ? fallback : names;
    }

    private static boolean grants(UserGroup group, String vc) {
        return group.getVirtualClusters().stream().anyMatch(c -> c.getName().equals(vc));
    }

    /** An update saying "not admin" leaves an instructor an instructor. */
    /** Gantry's {@code "extension": {"role": "INSTRUCTOR"}}, the field user info reports; it wins over admin. */
    private static Optional<Role> extensionRole(UserRequest data) {
        if (data.extension() == null || data.extension().get("role") == null) {
            return Optional.empty();
        }
        String name = String.valueOf(data.extension().get("role")).toUpperCase(java.util.Locale.ROOT);
        try {
            return Optional.of(Role.valueOf(name));
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid("extension.role is one of USER, INSTRUCTOR, ADMIN.");
        }
    }

    private static Role demoted(UserAccount user) {
        return user.getRole() == Role.ADMIN ? Role.USER : user.getRole();
    }

    private static ApiException noUser(String name) {
        return new ApiException(HttpStatus.NOT_FOUND, "NoUserError", "User " + name + " is not found.");
    }

    static Map<String, Object> info(UserAccount user) {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("username", user.getUsername());
        info.put("grouplist", user.getGroups().stream().map(UserGroup::getName).sorted().toList());
        info.put("email", user.getEmail());
        info.put("extension", Map.of("role", user.getRole().name()));
        info.put("admin", user.isAdmin());
        info.put("virtualCluster", new ArrayList<>(user.virtualClusterNames()));
        info.put("storageConfig", List.of());
        return info;
    }

    record UserRequest(String username, String password, Boolean admin, String email, List<String> virtualCluster,
                       List<String> grouplist, String newPassword, String oldPassword, Map<String, Object> extension) {
    }

    record UpdateRequest(UserRequest data, Boolean patch) {
    }

    record GroupRequest(String groupname) {
    }

    record GroupListRequest(List<String> grouplist) {
    }
}
