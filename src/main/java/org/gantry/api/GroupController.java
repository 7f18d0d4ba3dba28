package org.gantry.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.gantry.security.GroupService;
import org.gantry.security.UserGroup;
import org.gantry.security.VirtualCluster;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

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
        return groups.groups().stream().filter(g -> g.getName().equals(group)).findFirst().map(GroupController::json)
                .orElseThrow(() -> new ApiException(HttpStatus.NOT_FOUND, "NoGroupError",
                        "Group " + group + " is not found."));
    }

    private static Map<String, Object> json(UserGroup group) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("groupname", group.getName());
        json.put("description", group.getDescription());
        json.put("externalName", "");
        json.put("extension", Map.of("acls", Map.of("admin", false, "virtualClusters",
                group.getVirtualClusters().stream().map(VirtualCluster::getName).sorted().toList())));
        return json;
    }
}
