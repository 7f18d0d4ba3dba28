package org.gantry.job.tips;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.HashSet;
import org.gantry.job.Job;
import org.gantry.job.JobService;
import org.gantry.job.JobState;
import org.gantry.security.CurrentUser;
import org.gantry.security.UserAccount;
import org.gantry.security.UserService;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Tips for the job editor from the user's own history: their {@value #RECENT_JOBS} newest
 * jobs and where they opened the editor from in the last {@code STARTS_WINDOW}. A dismissed
 * tip is never shown to that user again. Only the user themselves sees their tips. Other
 * features add theirs through {@link TipSource} beans (usage's recommendations).
 */
@Service
public class TipService {

    static final int RECENT_JOBS = 20;
    static final Duration STARTS_WINDOW = Duration.ofDays(60);

    private final JobService jobs;
    private final EditorStartRepository starts;
    private final DismissedTipRepository dismissed;
    private final UserService users;
    private final CurrentUser currentUser;
    private final Clock clock;
    private final TipRules rules = new TipRules();
    private final List<TipSource> sources;

    TipService(JobService jobs, EditorStartRepository starts, DismissedTipRepository dismissed, UserService users,
               CurrentUser currentUser, Clock clock, List<TipSource> sources) {
        this.sources = List.copyOf(sources);
        this.jobs = jobs;
        this.starts = starts;
        this.dismissed = dismissed;
        this.users = users;
        this.currentUser = currentUser;
        this.clock = clock;
    }

    @Transactional(readOnly = true)
    public List<Tip> tipsFor(String username) {
        checkSelf(username);
        List<PastJob> recent = jobs.ownJobs(username, PageRequest.of(0, RECENT_JOBS,
                Sort.by(Sort.Direction.DESC, "submittedAt"))).stream().map(TipService::pastJob).toList();
        Map<String, Long> origins = new LinkedHashMap<>();
        starts.originsSince(username, clock.instant().minus(STARTS_WINDOW))
                .forEach(origin -> origins.merge(origin, 1L, Long::sum));
        Set<String> gone = new HashSet<>(dismissed.keysOf(username));
        List<Tip> all = new ArrayList<>(rules.tips(recent, origins));
        // another source's advice that a rule here already gives (the same title) is left out
        Set<String> titles = new HashSet<>(all.stream().map(Tip::title).toList());
        for (TipSource source : sources) {
            source.tipsFor(username).stream().filter(t -> titles.add(t.title())).forEach(all::add);
        }
        return all.stream().filter(t -> !gone.contains(t.key())).toList();
    }

    @Transactional
    public void dismiss(String username, String tipKey) {
        checkSelf(username);
        if (!dismissed.existsByOwnerUsernameAndTipKey(username, tipKey) && tipKey.length() <= DismissedTip.KEY_MAX) {
            dismissed.save(new DismissedTip(user(username), tipKey, clock.instant()));
        }
    }

    /** Notes that the editor was opened from {@code origin} ("template:…", "clone:user~job"). */
    @Transactional
    public void recordStart(String username, String origin) {
        checkSelf(username);
        starts.save(new EditorStart(user(username), origin, clock.instant()));
    }

    private static PastJob pastJob(Job job) {
        return new PastJob(job.getName(), job.getSubmittedText(), job.getState() == JobState.FAILED,
                job.getExitCode(), job.getExitDiagnostics());
    }

    private UserAccount user(String username) {
        return users.find(username).orElseThrow(() -> new IllegalArgumentException("No user " + username));
    }

    private void checkSelf(String username) {
        if (!currentUser.username().map(username::equals).orElse(false)) {
            throw new AccessDeniedException("Tips are for their user alone");
        }
    }
}
