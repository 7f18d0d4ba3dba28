package org.gantry.job.ui;

import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.PermitAll;
import java.util.List;
import java.util.Map;

/** Keeps OpenPAI bookmarks working: {@code job-detail.html?username=alice&jobName=x} opens that job. */
@Route("job-detail.html")
@PermitAll
class OpenPaiJobDetailRedirect extends Div implements BeforeEnterObserver {

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        Map<String, List<String>> params = event.getLocation().getQueryParameters().getParameters();
        String user = params.getOrDefault("username", List.of("")).get(0);
        String job = params.getOrDefault("jobName", List.of("")).get(0);
        // OpenPAI also links job-detail.html?jobName=alice~x
        if (user.isEmpty() && job.contains("~")) {
            user = job.substring(0, job.indexOf('~'));
            job = job.substring(job.indexOf('~') + 1);
        }
        event.forwardTo(JobDetailView.class, JobDetailView.parameters(user, job));
    }
}
