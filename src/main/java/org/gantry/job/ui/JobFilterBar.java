package org.gantry.job.ui;

import com.vaadin.flow.component.ComponentEvent;
import com.vaadin.flow.component.ComponentEventListener;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.combobox.MultiSelectComboBox;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.FlexLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.data.value.ValueChangeMode;
import com.vaadin.flow.shared.Registration;
import java.util.Arrays;
import java.util.List;
import org.gantry.job.Job;
import org.gantry.job.JobFilter;
import org.gantry.job.JobState;

/** The job list's filter fields; fires {@link FilterChanged} when a person changes one. */
class JobFilterBar extends FlexLayout {

    static final String MINE = "My jobs";
    static final String ALL = "All jobs";

    final Select<String> scope = new Select<>();
    final TextField user = new TextField();
    final ComboBox<String> virtualCluster = new ComboBox<>();
    final MultiSelectComboBox<JobState> states = new MultiSelectComboBox<>();
    final TextField tag = new TextField();
    final TextField keyword = new TextField();
    final Button clear = new Button("Clear", VaadinIcon.CLOSE_SMALL.create());

    private boolean updating;

    JobFilterBar(List<String> clusters, boolean canSeeOthers) {
        setFlexWrap(FlexWrap.WRAP);
        setAlignItems(FlexComponent.Alignment.BASELINE);
        getStyle().set("gap", "var(--lumo-space-s)");

        scope.setItems(MINE, ALL);
        scope.setAriaLabel("Whose jobs");
        scope.setWidth("8em");
        scope.setVisible(canSeeOthers);
        scope.setId("filter-scope");
        user.setPlaceholder("User");
        user.setWidth("9em");
        user.setClearButtonVisible(true);
        user.setId("filter-user");
        virtualCluster.setItems(clusters);
        virtualCluster.setPlaceholder("Virtual cluster");
        virtualCluster.setClearButtonVisible(true);
        virtualCluster.setAllowCustomValue(true);
        virtualCluster.addCustomValueSetListener(e -> virtualCluster.setValue(e.getDetail()));
        virtualCluster.setId("filter-vc");
        virtualCluster.setWidth("10em");
        states.setItems(Arrays.asList(JobState.values()));
        states.setItemLabelGenerator(JobStateBadge::label);
        states.setPlaceholder("State");
        states.setClearButtonVisible(true);
        states.setId("filter-state");
        states.setWidth("12em");
        tag.setPlaceholder("Tag");
        tag.setClearButtonVisible(true);
        tag.setMaxLength(Job.TAG_MAX);
        tag.setId("filter-tag");
        tag.setWidth("8em");
        keyword.setPlaceholder("Search name, user, cluster");
        keyword.setPrefixComponent(VaadinIcon.SEARCH.create());
        keyword.setClearButtonVisible(true);
        keyword.setId("filter-keyword");
        // The search field takes what is left of the row, so the bar stays one line on a laptop screen.
        keyword.getStyle().set("flex", "1 1 12em").set("min-width", "10em").set("max-width", "24em");
        for (TextField field : List.of(user, tag, keyword)) {
            field.setValueChangeMode(ValueChangeMode.LAZY);
        }
        clear.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        clear.addClickListener(e -> setFilter(scope.getValue() == null || MINE.equals(scope.getValue()), JobFilter.ALL,
                true));

        scope.addValueChangeListener(e -> {
            user.setVisible(ALL.equals(e.getValue()));
            changed(e.isFromClient());
        });
        user.addValueChangeListener(e -> changed(e.isFromClient()));
        virtualCluster.addValueChangeListener(e -> changed(e.isFromClient()));
        states.addValueChangeListener(e -> changed(e.isFromClient()));
        tag.addValueChangeListener(e -> changed(e.isFromClient()));
        keyword.addValueChangeListener(e -> changed(e.isFromClient()));
        add(scope, user, virtualCluster, states, tag, keyword, clear);
    }

    /** Shows {@code filter}; fires {@link FilterChanged} only when {@code fire} is set. */
    void setFilter(boolean mine, JobFilter filter, boolean fire) {
        updating = true;
        try {
            scope.setValue(mine ? MINE : ALL);
            user.setVisible(!mine);
            user.setValue(mine ? "" : filter.owner());
            virtualCluster.setValue(filter.virtualCluster().isEmpty() ? null : filter.virtualCluster());
            states.setValue(filter.states());
            tag.setValue(filter.tag());
            keyword.setValue(filter.keyword());
        } finally {
            updating = false;
        }
        if (fire) {
            fireEvent(new FilterChanged(this));
        }
    }

    boolean mine() {
        return !ALL.equals(scope.getValue());
    }

    JobFilter filter() {
        return new JobFilter(mine() ? "" : user.getValue(),
                virtualCluster.getValue() == null ? "" : virtualCluster.getValue(), states.getValue(), tag.getValue(),
                keyword.getValue(), false);
    }

    Registration addFilterChangedListener(ComponentEventListener<FilterChanged> listener) {
        return addListener(FilterChanged.class, listener);
    }

    private void changed(boolean fromClient) {
        if (!updating) {
            fireEvent(new FilterChanged(this, fromClient));
        }
    }

    static final class FilterChanged extends ComponentEvent<JobFilterBar> {

        FilterChanged(JobFilterBar source) {
            super(source, false);
        }

        FilterChanged(JobFilterBar source, boolean fromClient) {
            super(source, fromClient);
        }
    }
}
