package org.gantry.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gantry.security.GroupService;
import org.gantry.security.UserGroup;
import org.gantry.security.VirtualCluster;
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
 * OpenPAI's groups. A group's {@code extension.acls.virtualClusters} are the virtual clusters
 * its members may use; Gantry makes administrators per user, not per group, and has no
 * external (directory) groups.
 */
@RestController
@RequestMapping("/api/v2/groups")
@Tag(name = "group", description = "API endpoint for group")
class GroupController {

    private final GroupService groups;

    GroupController(GroupService groups) {
        this.groups = groups;
    }

    @GetMapping({"", "/"})
    @Operation(summary = "Get all groups", description = "extension.acls.virtualClusters lists what each grants.")
    List<Map<String, Object>> list() {
        return groups.groups().stream().map(GroupController::json).toList();
    }

    @GetMapping("/{group}")
    @Operation(summary = "Get a group")
    Map<String, Object> get(@PathVariable String group) {
        return json(require(group));
    }

    @PostMapping({"", "/"})
    @PreAuthorize("hasRole('ADMIN')")
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(summary = "Create a group (admin)", description = "extension.acls.virtualClusters: the virtual"
            + " clusters its members may use.")
    Map<String, String> create(@RequestBody GroupRequest body) {
        if (body.groupname() == null || body.groupname().isBlank()) {
            throw ApiException.invalid("groupname is required.");
        }
        if (groups.group(body.groupname()).isPresent()) {
            throw new ApiException(HttpStatus.CONFLICT, "ConflictGroupError",
                    "Group " + body.groupname() + " already exists.");
        }
        groups.saveGroup(body.groupname(), body.description(), virtualClusters(body).orElse(List.of()));
        return Map.of("message", "group is created successfully");
    }

    @PutMapping({"", "/"})
    @PreAuthorize("hasRole('ADMIN')")
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(summary = "Update a group (admin)", description = "Body {data: {groupname, description, extension},"
            + " patch}; with patch=true absent fields keep their value. A body without data is the group itself,"
            + " as OpenPAI's SDK sends it, and is a patch.")
    Map<String, String> update(@RequestBody UpdateRequest body) {
        GroupRequest data = body.data() != null ? body.data()
                : new GroupRequest(body.groupname(), body.description(), body.externalName(), body.extension());
        boolean patch = body.data() == null || Boolean.TRUE.equals(body.patch());
        if (data.groupname() == null || data.groupname().isBlank()) {
            throw ApiException.invalid("data.groupname is required.");
        }
        UserGroup group = require(data.groupname());
        String description = data.description() != null ? data.description() : patch ? group.getDescription() : "";
        List<String> clusters = virtualClusters(data).orElseGet(() -> patch ? clusterNames(group) : List.of());
        groups.saveGroup(group.getName(), description, clusters);
        return Map.of("message", "update group " + group.getName() + " successfully.");
    }

    @DeleteMapping("/{group}")
    @PreAuthorize("hasRole('ADMIN')")
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(summary = "Delete a group (admin)", description = "Only a group without members: 409 otherwise.")
    Map<String, String> delete(@PathVariable String group) {
        require(group);
        int members = groups.members(group).size();
        if (members > 0) {
            throw new ApiException(HttpStatus.CONFLICT, "ConflictGroupError", "Group " + group + " still has "
                    + members + (members == 1 ? " member" : " members") + "; take them out of it first"
                    + " (PUT /api/v2/users/{user}/grouplist), so that nobody loses a virtual cluster unnoticed.");
        }
        groups.deleteGroup(group);
        return Map.of("message", "group is removed successfully");
    }

    @GetMapping("/{group}/userlist")
    @PreAuthorize("hasRole('ADMIN')")
    @Operation(summary = "Get a group's members (admin)")
    List<Map<String, Object>> members(@PathVariable String group) {
        require(group);
        return groups.members(group).stream()
                .map(u -> Map.<String, Object>of("username", u.getUsername(), "clusterAdmin", u.isAdmin())).toList();
    }

    private UserGroup require(String name) {
        return groups.group(name).orElseThrow(() -> new ApiException(HttpStatus.NOT_FOUND, "NoGroupError",
                "Group " + name + " is not found."));
    }

    /** The virtual clusters named in {@code extension.acls}, when it names any; refuses what Gantry cannot do. */
    private static Optional<List<String>> virtualClusters(GroupRequest body) {
        if (body.externalName() != null && !body.externalName().isBlank()) {
            throw ApiException.invalid("Gantry has no external groups; leave externalName empty.");
        }
        if (body.extension() == null || !(body.extension().get("acls") instanceof Map<?, ?> acls)) {
            return Optional.empty();
        }
        if (Boolean.TRUE.equals(acls.get("admin"))) {
            throw ApiException.invalid("Gantry makes administrators per user (PUT /api/v2/users with admin: true),"
                    + " not per group; leave extension.acls.admin false.");
        }
        Object clusters = acls.get("virtualClusters");
        if (clusters == null) {
            return Optional.empty();
        }
        if (!(clusters instanceof List<?> list) || !list.stream().allMatch(String.class::isInstance)) {
            throw ApiException.invalid("extension.acls.virtualClusters must be a list of virtual cluster names.");
        }
        return Optional.of(list.stream().map(String.class::cast).toList());
    }

    private static List<String> clusterNames(UserGroup group) {
        return group.getVirtualClusters().stream().map(VirtualCluster::getName).sorted().toList();
    }

    private static Map<String, Object> json(UserGroup group) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("groupname", group.getName());
        json.put("description", group.getDescription());
        json.put("externalName", "");
        json.put("extension", Map.of("acls", Map.of("admin", false, "virtualClusters", clusterNames(group))));
        return json;
    }

    record GroupRequest(String groupname, String description, String externalName, Map<String, Object> extension) {
    }

    record UpdateRequest(GroupRequest data, Boolean patch, String groupname, String description, String externalName,
                         Map<String, Object> extension) {
    }
}
